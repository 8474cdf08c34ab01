# syntax=docker/dockerfile:1
#
# Selfcare's container image: the API (default command) or the job worker, from one build.
#
#   docker build -t selfcare:latest .
#   docker run ... selfcare:latest                                  # the API and the web app, on PORT
#   docker run ... selfcare:latest node apps/api/dist/bin/worker.js # the jobs; /healthz, /readyz on WORKER_PORT
#
# deploy/compose.yaml runs it with PostgreSQL, Redis and a proxy; the README's "Running it as an operator"
# names every setting it needs.

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests and the lockfile alone, so that installing is cached until they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# Every dependency, development ones included: the build needs Vite, esbuild and tsx.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# The web app (apps/web/dist) and the API's two entry points (apps/api/dist/bin/server.js, worker.js).
FROM deps AS build
COPY . .
# The web app reports its version so that open tabs reload after a deploy; a build time stamp by default.
ARG APP_VERSION
RUN APP_VERSION="${APP_VERSION:-$(date -u +%Y%m%d%H%M%S)}" npm run build

# What the built API loads at run time: the API workspace's production dependencies (with the domain
# package's), among them the native @node-rs/argon2 for this platform. No development dependency.
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace @selfcare/api --no-audit --no-fund
# The bill embeds Noto Sans SC's regular and bold (ADR 0056); its package's seven other weights are 70 MB
# the image need not carry. A weight the code named and this removed stops the API at its start.
RUN find node_modules/@expo-google-fonts/noto-sans-sc -name '*.ttf' \
    ! -name '*_400Regular.ttf' ! -name '*_700Bold.ttf' -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_PORT=3001 \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# The manifests (apps/api/package.json makes the bundles ES modules) and node_modules.
COPY --from=prod-deps /app ./
# The bundles find the migrations at ../../drizzle beside them, and the web app at WEB_DIST.
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The files stay root's, read-only to the process, which writes nothing to disk: uploaded ID documents
# are kept in the database (ADR 0021). It runs as the base image's unprivileged "node" user, named by
# number so that runAsNonRoot-style checks can verify it.
USER 1000:1000
EXPOSE 3000 3001
# Liveness of whichever process this container runs: the API answers on PORT, the worker on WORKER_PORT.
# Node itself makes the request (the slim image has no curl). Readiness (/readyz) is the orchestrator's.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "Promise.any([process.env.PORT || 3000, process.env.WORKER_PORT || 3001].map((p) => fetch('http://127.0.0.1:' + p + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => r.ok || Promise.reject()))).then(() => process.exit(0), () => process.exit(1))"]
CMD ["node", "apps/api/dist/bin/server.js"]

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { RequestMessages, UPLOAD_MAX_BYTES } from '@selfcare/domain';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { createLoggers, fastifyLogging } from './logging.ts';
import { MODULES } from './modules.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { messageFor, registerMessageLanguage } from './plugins/message-language.ts';
import { countRequests, metricsAccess, metricsRoute } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { traceRequests } from './plugins/traces.ts';
import { serializerCompiler } from './serializer.ts';
import { tracing } from './tracing.ts';

/** Believes the nearest `hops` proxies: the hop count form of trustProxy. */
const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildOptions {
  logger?: boolean;
  /** Where logs go (standard output when unset); log shippers and the redaction test use it. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const loggers = opts.logger === false ? undefined : createLoggers(config, opts.logStream);
  const app = Fastify({
    ...fastifyLogging(loggers),
    // Only the proxies the configuration names may say who the client is (X-Forwarded-For);
    // believing every hop would let any client pick its own address and escape per-address limits.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? hopsOf(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot decode (a lone surrogate's %ED%A0%80, a bad escape) gets the same
    // envelope as every other refusal.
    // The router answers before any route's hooks run, so the message is put in the reader's language here.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message = messageFor(request.headers['accept-language'], RequestMessages.urlInvalid);
      void (reply as FastifyReply).status(status).send({ data: null, status, message, extra_info: {} });
    },
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentStaff', null);
  registerErrorHandler(app);
  registerMessageLanguage(app);
  countRequests(app);
  if (tracing()) traceRequests(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may be compiled (the barcode reader on /activeSimOnline); JavaScript eval may not.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.COOKIE_SECURE ? [] : null,
      },
    },
    strictTransportSecurity: config.COOKIE_SECURE,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  let redis: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await registerRateLimit(app, {
    accountMax: config.RATE_LIMIT_MAX,
    anonymousMax: config.RATE_LIMIT_ANON_MAX,
    jwtSecret: config.JWT_SECRET,
    now: () => ctx.clock.now(),
    redis,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.BRAND_NAME} Selfcare API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  metricsRoute(app, { readMetrics: ctx.readMetrics, access: metricsAccess(config) });
  for (const module of MODULES) await module.routes?.(app, ctx, ctx);

  const webDist = resolve(config.WEB_DIST);
  if (existsSync(resolve(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies; browsers get the smallest they accept.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The single-page app answers every other GET that is not an API call.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      // A build's file that is not there (another deploy's) is missing, not a page: a browser or the
      // service worker would otherwise keep the page as the script (ADR 0057).
      if (request.url.startsWith('/assets/')) return reply.status(404).send();
      if (request.url.startsWith('/api/')) {
        return reply.status(404).send({
          data: null,
          status: 404,
          message: RequestMessages.noRoute('GET', request.url.split('?')[0] ?? ''),
          extra_info: {},
        });
      }
      // The staff console is a page of its own (its code never reaches customers' browsers).
      const page = /^\/staff(\/|\?|$)/.test(request.url) ? 'staff.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  }
  return app;
}

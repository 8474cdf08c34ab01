import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig, metrics } from '@selfcare/api';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The container files an operator runs (Dockerfile, deploy/): no container engine runs here, so these
 * read them as compose would and hold them to what the code needs.
 */
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const composeText = read('deploy/compose.yaml');
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const { api1, api2, worker, proxy, postgres, redis } = compose.services as Record<string, Service>;
const APPS = { api1, api2, worker };

/** The variables deploy/.env.example sets (not those only mentioned in a comment). */
const example = new Map(
  [...read('deploy/.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!] as const),
);

/** `${VAR}`, `${VAR:?message}` and `${VAR:-default}` as compose substitutes them; `$$` is a plain `$`. */
const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-?][^}]*)?\}/g;
const interpolate = (text: string, values: Map<string, string>) =>
  text.replace(REFERENCE, (_match, name?: string) => (name === undefined ? '$' : (values.get(name) ?? '')));
const referenced = [...composeText.matchAll(REFERENCE)].flatMap((m) => (m[1] ? [m[1]] : []));

/** deploy/.env as an operator fills it in: each value left empty in the example gets a real-looking one. */
const filled = new Map(
  [...example].map(([name, value]) => {
    if (value) return [name, value];
    if (name.endsWith('_URL')) return [name, `https://${name.toLowerCase().replaceAll('_', '-')}.example.sg`];
    if (name.endsWith('_HOST_PATH')) return [name, `/etc/selfcare/${name.toLowerCase()}.pem`];
    return [name, `${name.toLowerCase()}-${'0123456789abcdef'.repeat(3)}`];
  }),
);

/** What a service's process sees: deploy/.env (its env_file), then its own environment over it. */
function processEnv(service: Service): NodeJS.ProcessEnv {
  const own = Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), filled)]);
  return { ...(service.env_file === '.env' ? Object.fromEntries(filled) : {}), ...Object.fromEntries(own) };
}

/** The settings a production start refuses to go without, as config.ts names them. */
function productionRequired(): string[] {
  try {
    loadConfig({ NODE_ENV: 'production' });
  } catch (err) {
    if (err instanceof ConfigError)
      return [...err.message.matchAll(/^ {2}([A-Z0-9_]+):/gm)].map((m) => m[1]!);
  }
  throw new Error('a production start with no settings was not refused');
}

describe('deploy/compose.yaml', () => {
  it('runs both APIs and the worker from the one image the Dockerfile builds, with the same settings', () => {
    expect(api1?.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
    for (const service of [api2, worker]) {
      expect(service?.image).toBe(api1?.image);
      expect(service?.build).toEqual(api1?.build);
      expect(service?.environment).toEqual(api1?.environment);
    }
    // The APIs run the image's command; the worker overrides it with the other entry point build.ts writes.
    const buildScript = read('apps/api/build.ts');
    expect(buildScript).toContain("entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts' }");
    expect(buildScript).toContain("outdir: 'dist/bin'");
    expect(read('Dockerfile')).toMatch(/^CMD \["node", "apps\/api\/dist\/bin\/server\.js"\]$/m);
    expect(api1?.command).toBeUndefined();
    expect(worker?.command).toEqual(['node', 'apps/api/dist/bin/worker.js']);
  });

  it('uses only variables that deploy/.env.example lists', () => {
    expect(referenced.length).toBeGreaterThan(0);
    expect(referenced.filter((name) => !example.has(name))).toEqual([]);
  });

  it('leaves every secret and key empty in the example, so that none can reach production unchanged', () => {
    for (const name of productionRequired().filter((n) => !n.endsWith('_FILE'))) {
      expect(example.get(name), name).toBe('');
    }
  });

  it('gives the APIs and the worker every setting a production start requires', () => {
    const required = productionRequired();
    expect(required).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'MVNE_WEBHOOK_SECRET', 'MYINFO_CERT_FILE']),
    );
    for (const [name, service] of Object.entries(APPS)) {
      expect(Object.keys(service?.environment ?? {}), name).toEqual(expect.arrayContaining(required));
      const config = loadConfig(processEnv(service!));
      expect(config.NODE_ENV).toBe('production');
      expect(config.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.TRUST_PROXY).toBe(1);
      expect(config.HOST).toBe('0.0.0.0');
      // Nothing is left on a default that points at the sandbox on the container's own loopback.
      const sandbox = Object.entries(config).filter(
        ([, v]) => typeof v === 'string' && v.includes('127.0.0.1'),
      );
      expect(sandbox, name).toEqual([]);
    }
  });

  it('checks health where the processes answer, and starts the APIs once the database and Redis are', () => {
    for (const service of [api1, api2]) {
      expect(service?.environment?.PORT).toBe('3000');
      expect(service?.healthcheck?.test.join(' ')).toContain("'http://127.0.0.1:3000/readyz'");
      expect(service?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(worker?.environment?.WORKER_PORT).toBe('3001');
    expect(worker?.healthcheck?.test.join(' ')).toContain("'http://127.0.0.1:3001/readyz'");
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(read('Dockerfile')).toMatch(/^HEALTHCHECK .*\n.*'\/healthz'/m);
  });

  it('publishes only the proxy, which balances over both APIs', () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(proxy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(Object.keys(proxy?.depends_on ?? {}).sort()).toEqual(['api1', 'api2']);
    const caddyfile = read('deploy/Caddyfile').replace(/#.*$/gm, '');
    expect(caddyfile).toMatch(/reverse_proxy api1:3000 api2:3000 \{/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

describe('deploy/prometheus/alerts.yaml and deploy/grafana/selfcare-dashboard.json', () => {
  /** The series the processes write: each metric, and a histogram's _bucket, _sum and _count. */
  const written = new Set(
    metrics
      .getMetricsAsArray()
      .flatMap((m) =>
        `${m.type}` === 'histogram' ? [`${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : [m.name],
      ),
  );
  written.add('up'); // Prometheus's own, per scrape target.
  /** The metric names a PromQL expression reads (not its functions, labels or keywords). */
  const namesIn = (expr: string) =>
    [...expr.replace(/\{[^}]*\}|"[^"]*"|\[[^\]]*\]/g, ' ').matchAll(/\b([a-z][a-z0-9_]*)\b(?!\s*\()/g)]
      .map((m) => m[1]!)
      .filter((name) => name === 'up' || /^(selfcare|nodejs|process)_/.test(name));
  const alerts = parse(read('deploy/prometheus/alerts.yaml')) as {
    groups: { rules: { alert: string; expr: string; labels: { severity: string } }[] }[];
  };
  const rules = alerts.groups.flatMap((g) => g.rules);
  const dashboard = JSON.parse(read('deploy/grafana/selfcare-dashboard.json')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };

  it('alert on what the processes write, each page or ticket', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'SelfcareServerErrors',
        'SelfcareSlowRequests',
        'SelfcareJobQueueStuck',
        'SelfcareBillRunLate',
        'SelfcareUnmatchedPaymentWaiting',
        'SelfcareWebhooksFailing',
      ]),
    );
    for (const rule of rules) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      const names = namesIn(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(written, `${rule.alert} reads ${name}`).toContain(name);
    }
  });

  it('chart only what the processes write', () => {
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => [p.title, t.expr] as const));
    expect(exprs.length).toBeGreaterThan(10);
    for (const [title, expr] of exprs)
      for (const name of namesIn(expr)) expect(written, `${title} reads ${name}`).toContain(name);
  });
});

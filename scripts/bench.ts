/**
 * `npm run bench`: autocannon at 50 connections against an authenticated read (GET /api/v1/users/{id})
 * and, in the same run, a bare Fastify JSON route as the baseline. Each server runs in its own
 * process so that the load generator does not share their event loop. Each target is warmed up once
 * for 2 s; the two alternate for BENCH_ROUNDS rounds (3) and the median round's ratio counts. Goal: ratio
 * at least 0.5 and p99 under 25 ms. Then the staff order queue with 10,000 orders, one request at a
 * time: every first page under 100 ms. Then mixed journeys (scripts/bench-journey.ts): customers log in,
 * open the dashboard and the bills and buy an add-on against two APIs and a worker on PostgreSQL, p95
 * per step; BENCH_ONLY=journey runs that part alone. Then usage (scripts/bench-usage.ts): a million usage records
 * imported, and the dashboards' calls over them; BENCH_ONLY=usage runs that part alone. Then bills
 * (scripts/bench-bills.ts): the bill run for 100,000 accounts, and one killed half-way and run again;
 * BENCH_ONLY=bills runs that part alone. Then the bank (scripts/bench-bank.ts): a day of 100,000 PayNow
 * credits read from the bank's statement and applied; BENCH_ONLY=bank runs that part alone. Last,
 * Lighthouse (scripts/bench-lighthouse.ts): /login's mobile performance score, the median of five
 * runs against the goal of 95; BENCH_ONLY=lighthouse runs that part alone.
 *
 * The API runs as production runs it, and the baseline is configured the same way: every request
 * logged at LOG_LEVEL (info) as JSON, written as pino writes standard output (here to /dev/null, so
 * the bench's own output stays readable),
 * against PostgreSQL when DATABASE_URL is set, with the request limit's counts in Redis when
 * REDIS_URL is set (the limit itself set too high to refuse the bench). BENCH_SECONDS sets the
 * duration of each run (5); BENCH_EXTRA=1 adds /healthz and an unauthenticated API route (the cost of
 * the plugins alone); BENCH_PROFILE=1 writes a CPU profile of the API process to /tmp/prof.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchBank } from './bench-bank.ts';
import { benchBills } from './bench-bills.ts';
import { benchJourney } from './bench-journey.ts';
import { benchLighthouse } from './bench-lighthouse.ts';
import { benchUsage } from './bench-usage.ts';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const self = fileURLToPath(import.meta.url);

async function serveApi() {
  const api = await import('@selfcare/api');
  const embedded = process.env.DATABASE_URL ? undefined : await api.startEmbeddedDatabase({ port: 0 });
  const url = process.env.DATABASE_URL ?? (embedded?.url as string);
  const setup = api.createDatabase(url, 2);
  await api.runMigrations(setup);
  await api.seedDemoData(setup);
  await seedQueue(setup.pool);
  await setup.close();
  const config = api.loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    LOG_PRETTY: 'false',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '1000',
    RUN_WORKER: 'false',
    WEB_DIST: '/nonexistent',
  });
  const ctx = await api.createContext(config, url);
  const { logStream } = await productionLoggers();
  const app = await api.buildApp(ctx, { logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

const QUEUE_ORDERS = 10_000;

/** Paid orders for the staff queue's measurement: 10,000 of them across the statuses staff see. */
async function seedQueue(pool: import('pg').Pool) {
  await pool.query(
    `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
       profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
     SELECT 'BN' || lpad(g::text, 6, '0'), (SELECT id FROM users WHERE email = 'active@demo.selfcare.sg'),
       (ARRAY['Payment success created in MVNE', 'Not verified', 'Verified', 'Delivery in progress',
              'Completed', 'Rejected'])[1 + g % 6],
       false, g % 2, 0, '{}'::jsonb,
       jsonb_build_object('fullName', 'Bench Customer ' || g, 'idNumber', 'S' || lpad(g::text, 7, '0') || 'A',
                          'contactNumber', '9' || lpad(g::text, 7, '0')),
       '{}'::jsonb, 3050, 3050, now(), now() - make_interval(mins => g), now()
     FROM generate_series(1, $1::int) g
     WHERE NOT EXISTS (SELECT 1 FROM orders WHERE order_number = 'BN000001')`,
    [QUEUE_ORDERS],
  );
  await pool.query(
    `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
     SELECT id, 0, 'VALUE-20', '{}', 'NORMAL', '8' || substr(order_number, 4)
     FROM orders WHERE order_number LIKE 'BN%' ON CONFLICT DO NOTHING`,
  );
}

/** One request at a time, as a staff member opening the queue: the median and slowest of `count`. */
async function timeSequential(title: string, url: string, headers: Record<string, string>, count = 30) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${title}: answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(count / 2)] as number;
  const max = times[count - 1] as number;
  console.log(`${title.padEnd(44)} p50 ${p50.toFixed(1)} ms   max ${max.toFixed(1)} ms`);
  return max;
}

/** The staff queue with 10,000 orders: the first page must come back in under 100 ms. */
async function benchQueue(port: number) {
  const { generate } = await import('otplib');
  const login = await fetch(`http://127.0.0.1:${port}/api/v1/staff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'agent@demo.selfcare.sg',
      password: 'Selfcare#2026',
      code: await generate({ secret: 'SELFCAREDEMOAGENTTOTPSECRET23456' }),
    }),
  });
  if (login.status !== 200) throw new Error(`staff login answered ${login.status}`);
  const { data } = (await login.json()) as { data: { token: string } };
  const headers = { authorization: `Bearer ${data.token}` };
  const base = `http://127.0.0.1:${port}/api/v1/staff/orders`;
  console.log(`staff queue, ${QUEUE_ORDERS} orders, one request at a time (goal: first page < 100 ms)`);
  const slowest = Math.max(
    await timeSequential('first page, open orders', base, headers),
    await timeSequential('first page, all orders', `${base}?status=all`, headers),
    await timeSequential('search by name', `${base}?status=all&q=Customer%20777`, headers),
    await timeSequential('search by ID number', `${base}?status=all&q=S0007777A`, headers),
    await timeSequential('search by phone', `${base}?status=all&q=90007777`, headers),
  );
  // Reported, not held to the goal: a deep page is not a first page (OFFSET reads what it skips).
  await timeSequential('page 200 of all orders', `${base}?status=all&page=200`, headers);
  return slowest;
}

/** The same logging as the API's process: the baseline is Fastify configured as production runs it. */
async function productionLoggers() {
  const api = await import('@selfcare/api');
  const { default: pino } = await import('pino');
  // pino's own destination, as it writes to standard output by default (buffered; a stream in all but
  // name).
  const logStream = pino.destination({ dest: '/dev/null', sync: false }) as unknown as NodeJS.WritableStream;
  const level = (process.env.LOG_LEVEL ?? 'info') as 'info';
  return { logStream, loggers: api.createLoggers({ LOG_LEVEL: level, LOG_PRETTY: false }, logStream), api };
}

async function serveBaseline() {
  const { default: Fastify } = await import('fastify');
  const { loggers, api } = await productionLoggers();
  const app = Fastify(api.fastifyLogging(loggers));
  app.get('/hello', async () => ({ data: { hello: 'world' }, status: 200, message: 'OK', extra_info: {} }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

function start(mode: 'api' | 'baseline'): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(self, ['--serve', mode], {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_PROFILE && mode === 'api' ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (port) => resolve({ child, port: port as number }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

const warmed = new Set<string>();

async function run(title: string, url: string, headers: Record<string, string> = {}) {
  // Warm-up, once per target and not counted: the JIT has compiled the route's code before the
  // first measured run starts.
  if (!warmed.has(url)) {
    warmed.add(url);
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  }
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx || result.errors)
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const row = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  console.log(
    `${title.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms`,
  );
  return row;
}

async function main() {
  const mode = process.argv[process.argv.indexOf('--serve') + 1];
  if (process.argv.includes('--serve')) {
    const port = mode === 'api' ? await serveApi() : await serveBaseline();
    process.send?.(port);
    process.on('SIGINT', () => process.exit(0));
    return;
  }
  if (process.argv.includes('--bill-run')) return;
  if (process.env.BENCH_ONLY === 'usage') {
    if (!(await benchUsage())) process.exitCode = 1;
    return;
  }
  if (process.env.BENCH_ONLY === 'bills') {
    if (!(await benchBills())) process.exitCode = 1;
    return;
  }
  if (process.env.BENCH_ONLY === 'journey') {
    if (!(await benchJourney())) process.exitCode = 1;
    return;
  }
  if (process.env.BENCH_ONLY === 'bank') {
    if (!(await benchBank())) process.exitCode = 1;
    return;
  }
  if (process.env.BENCH_ONLY === 'lighthouse') {
    if (!(await benchLighthouse())) process.exitCode = 1;
    return;
  }
  const baseline = await start('baseline');
  const api = await start('api');
  try {
    const login = await fetch(`http://127.0.0.1:${api.port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'active@demo.selfcare.sg', password: 'Selfcare#2026' }),
    });
    const { data } = (await login.json()) as { data: { token: string; authUser: { id: string } } };
    console.log(
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${process.env.REDIS_URL ? 'request limit in Redis' : 'request limit in memory'}, requests logged at ${process.env.LOG_LEVEL ?? 'info'}`,
    );
    if (process.env.BENCH_EXTRA) {
      await run('GET /healthz (API process)', `http://127.0.0.1:${api.port}/healthz`);
      await run('GET /api/v1/settings (no auth)', `http://127.0.0.1:${api.port}/api/v1/settings`);
    }
    // Bare and authenticated runs alternate, so that the machine's drift (other work on shared
    // cores) reaches both alike; the verdict is on the median round.
    const rounds: { ratio: number; p99: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const base = await run(
        `bare Fastify JSON route (${round}/${ROUNDS})`,
        `http://127.0.0.1:${baseline.port}/hello`,
      );
      const read = await run(
        `GET /api/v1/users/{id} (auth) (${round}/${ROUNDS})`,
        `http://127.0.0.1:${api.port}/api/v1/users/${data.authUser.id}`,
        { authorization: `Bearer ${data.token}` },
      );
      rounds.push({ ratio: read.rps / base.rps, p99: read.p99 });
    }
    const ratio = median(rounds.map((r) => r.ratio));
    const p99 = Math.max(...rounds.map((r) => r.p99));
    console.log(
      `ratio ${ratio.toFixed(2)} median of ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')} (goal ≥ 0.5), p99 at most ${p99} ms (goal < 25 ms)`,
    );
    const queue = await benchQueue(api.port);
    if (ratio < 0.5 || p99 >= 25 || queue >= 100) process.exitCode = 1;
  } finally {
    baseline.child.kill();
    // SIGINT lets a profiled server write its profile before it exits.
    api.child.kill('SIGINT');
  }
  if (!(await benchJourney())) process.exitCode = 1;
  if (!(await benchUsage())) process.exitCode = 1;
  if (!(await benchBills())) process.exitCode = 1;
  if (!(await benchBank())) process.exitCode = 1;
  if (!(await benchLighthouse())) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

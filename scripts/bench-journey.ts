/**
 * The mixed-journey part of `npm run bench` (issue goals, ADR 0052's production speed): two API
 * processes and a worker, as an operator runs them behind a load balancer, on a PostgreSQL database
 * of their own with the request limit in Redis. Customers arrive BENCH_JOURNEY_USERS at a time (10)
 * until BENCH_JOURNEYS (200) have each gone through the journey: log in, the usage dashboard, the bills
 * and one bill, then buy a monthly add-on, each request sent to the next API in turn. Every step's
 * time (the page's calls sent together, as the browser sends them) is reported as p50, p95 and the
 * slowest; so is the time until the add-on bought is active, the worker having ordered it from the
 * MVNE, as the products page polls for it. Needs DATABASE_URL (a server: two processes share it);
 * BENCH_ONLY=journey runs this part alone. A journey answered with an error fails the bench; the
 * times are reported, not held to a goal.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 200);
const USERS = Number(process.env.BENCH_JOURNEY_USERS ?? 10);
const PASSWORD = 'Selfcare#2026';
const ADDON = 'VOICEMAIL';
const entry = (name: string) => fileURLToPath(new URL(`../apps/api/src/${name}.ts`, import.meta.url));

const STEPS = ['log in', 'dashboard (4 calls)', 'bills and a bill', 'buy an add-on (2 calls)'] as const;
type Step = (typeof STEPS)[number] | 'add-on active (worker, MVNE)';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * q) - 1)] as number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Customers of the journey, one live line each (on the MVNE's services) and one bill due. */
async function seedCustomers(pool: import('pg').Pool) {
  await pool.query(
    `INSERT INTO users (email, phone_number, password_hash, first_name, last_name, status, activated,
       email_verified_at, is_main_line, created_at, updated_at)
     SELECT 'journey' || g || '@bench.selfcare.sg', '8' || lpad((6000000 + g)::text, 7, '0'),
       (SELECT password_hash FROM users WHERE email = 'active@demo.selfcare.sg'),
       'Bench', 'Journey ' || g, 2, true, now(), true, now(), now()
     FROM generate_series(1, $1::int) g`,
    [JOURNEYS],
  );
  await pool.query(
    `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
       profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
     SELECT 'BJ' || lpad(substr(u.email, 8, position('@' in u.email) - 8), 6, '0'), u.id, 'Completed', false,
       0, 0, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, 2000, 2000, now(), now(), now()
     FROM users u WHERE u.email LIKE 'journey%@bench.selfcare.sg'`,
  );
  await pool.query(
    `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
     SELECT id, 0, 'VALUE-20', '{}', 'NORMAL', '8' || lpad((6000000 + substr(order_number, 3)::int)::text, 7, '0')
     FROM orders WHERE order_number LIKE 'BJ%'`,
  );
  await pool.query(
    `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
       state, mvne_service_id, requested_at, activated_at, created_at, updated_at)
     SELECT o.user_id, o.id, l.id, l.msisdn, 0, 'VALUE-20', true, 'active', 'JOURNEY-' || l.msisdn,
       now(), now() - interval '40 days', now(), now()
     FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.order_number LIKE 'BJ%'`,
  );
  await pool.query(
    `INSERT INTO bills (user_id, number, month, period_start, period_end, issued_on, due_on, total_cents,
       gst_percent, gst_cents, previous_balance_cents, payments_cents, state, created_at)
     SELECT o.user_id, 'BJ' || substr(o.order_number, 3), '2026-10', '2026-10-01', '2026-10-31', '2026-11-01',
            '2026-11-25', 2180, 9, 180, 0, 0, 'due', now()
       FROM orders o WHERE o.order_number LIKE 'BJ%'`,
  );
  await pool.query('ANALYZE');
}

type Timings = Map<Step, number[]>;

/** One customer's journey; each step's time goes into `timings`. Throws on an answer not 2xx. */
async function journey(n: number, next: () => string, timings: Timings) {
  let headers: Record<string, string> = {};
  const send = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${next()}/api/v1${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  const step = async <T>(name: Step, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    timings.get(name)?.push(performance.now() - started);
    return result;
  };
  const login = await step('log in', () =>
    send('POST', '/auth/login', { email: `journey${n}@bench.selfcare.sg`, password: PASSWORD }),
  );
  headers = { authorization: `Bearer ${(login as { token: string }).token}` };
  const [, lines] = await step('dashboard (4 calls)', () =>
    Promise.all([
      send('GET', '/account'),
      send('GET', '/lines') as Promise<{ id: string }[]>,
      send('GET', '/usage/balances'),
      send('GET', '/usage/daily'),
    ]),
  );
  await step('bills and a bill', async () => {
    const { bills } = (await send('GET', '/bills')) as { bills: { id: string }[] };
    if (!bills[0]) throw new Error(`journey${n} has no bill`);
    await send('GET', `/bills/${bills[0].id}`);
  });
  const lineId = lines[0]?.id as string;
  const bought = (await step('buy an add-on (2 calls)', async () => {
    await send('GET', '/products?kind=addon');
    return send('POST', '/products', { code: ADDON, lineId, requestKey: randomUUID() });
  })) as { id: string };
  await step('add-on active (worker, MVNE)', async () => {
    // A worker or an MVNE that never answers fails the journey in a minute rather than hang the bench.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { products } = (await send('GET', '/products?kind=addon')) as {
        products: { id: string; state: string }[];
      };
      const state = products.find((p) => p.id === bought.id)?.state;
      if (state === 'active') return;
      if (state === 'failed') throw new Error(`journey${n}: the add-on failed to set up`);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`journey${n}: the add-on was not active within a minute`);
  });
}

function spawnEntry(name: 'server' | 'worker', env: NodeJS.ProcessEnv): ChildProcess {
  return fork(entry(name), [], {
    execArgv: ['--import', 'tsx'],
    env,
    // The processes log every request at info, as in production, to nowhere: the bench's own
    // output stays readable.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

async function ready(port: number, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process meant for :${port} exited`);
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`:${port} was not ready in 2 minutes`);
}

/** Runs the mixed journeys; answers whether every journey went through. */
export async function benchJourney(): Promise<boolean> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    console.log(
      'mixed journeys: skipped, they need a PostgreSQL server (DATABASE_URL) for two APIs and a worker',
    );
    return true;
  }
  const api = await import('@selfcare/api');
  const { default: pg } = await import('pg');
  const { startSandbox } = await import('@selfcare/sandbox');
  const name = `selfcare_bench_journey_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
  const children: ChildProcess[] = [];
  try {
    const activatedAt = new Date(Date.now() - 40 * 86_400_000);
    sandbox.mvne.provision(
      Array.from({ length: JOURNEYS }, (_, i) => {
        const msisdn = `8${String(6_000_001 + i).padStart(7, '0')}`;
        return { id: `JOURNEY-${msisdn}`, msisdn, planCode: 'VALUE-20', activatedAt };
      }),
    );
    const setup = api.createDatabase(url, 2);
    await api.runMigrations(setup);
    await api.seedDemoData(setup);
    await seedCustomers(setup.pool);
    await setup.close();

    const shared: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
      OTP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      LOG_PRETTY: 'false',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_ANON_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
      WEB_DIST: '/nonexistent',
      DATA_DIR: join(tmpdir(), `selfcare-bench-journey-${process.pid}`),
      SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort}`,
      SMS_URL: `${sandbox.url}/sms/api/v1/messages`,
      MVNE_URL: `${sandbox.url}/mvne/tmf-api`,
      ONEMAP_URL: sandbox.url,
      PAYMENTS_URL: sandbox.url,
      BANK_URL: sandbox.url,
      COURIER_URL: `${sandbox.url}/courier/api/v1`,
    };
    const apiPorts = [await freePort(), await freePort()];
    const workerPort = await freePort();
    for (const port of apiPorts)
      children.push(
        spawnEntry('server', { ...shared, PORT: String(port), WORKER_PORT: String(await freePort()) }),
      );
    children.push(
      spawnEntry('worker', { ...shared, PORT: String(await freePort()), WORKER_PORT: String(workerPort) }),
    );
    await Promise.all([...apiPorts, workerPort].map((port, i) => ready(port, children[i] as ChildProcess)));

    const timings: Timings = new Map(
      [...STEPS, 'add-on active (worker, MVNE)' as const].map((s) => [s, [] as number[]]),
    );
    let turn = 0;
    const next = () => `http://127.0.0.1:${apiPorts[turn++ % apiPorts.length]}`;
    let arrived = 0;
    const failures: string[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: USERS }, async () => {
        while (arrived < JOURNEYS) {
          const n = ++arrived;
          await journey(n, next, timings).catch((err: Error) => failures.push(err.message));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `mixed journeys: 2 APIs and a worker, PostgreSQL, ${process.env.REDIS_URL ? 'request limit in Redis' : 'request limit in memory'}; ${JOURNEYS} customers, ${USERS} at a time`,
    );
    const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
    for (const [step, times] of timings) {
      if (times.length === 0) continue;
      const [p50, p95, max] = [quantile(times, 0.5), quantile(times, 0.95), Math.max(...times)].map(ms);
      console.log(`  ${step.padEnd(32)} p50 ${p50}   p95 ${p95}   max ${max}`);
    }
    console.log(
      `  ${JOURNEYS - failures.length} of ${JOURNEYS} journeys in ${seconds.toFixed(1)} s (${((JOURNEYS - failures.length) / seconds).toFixed(1)} a second)`,
    );
    for (const failure of failures.slice(0, 5)) console.log(`  failed: ${failure}`);
    return failures.length === 0;
  } finally {
    // Each process stops as on a deploy (SIGTERM), or is killed after 10 s: the bench never hangs on one.
    await Promise.all(
      children
        .filter((c) => c.exitCode === null && c.signalCode === null)
        .map(
          (c) =>
            new Promise<void>((resolve) => {
              const kill = setTimeout(() => c.kill('SIGKILL'), 10_000);
              c.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              c.kill('SIGTERM');
            }),
        ),
    );
    await sandbox.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

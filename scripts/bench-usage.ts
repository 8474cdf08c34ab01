/**
 * The usage part of `npm run bench` (issue goals, ADR 0022):
 * - import about 1,000,000 usage records from the MVNE at ≥ 20,000 records/s;
 * - with 1,000 lines and those records stored, the dashboard's calls (balances, the daily chart, the
 *   first page of records) answer p95 ≤ 50 ms, one request at a time;
 * - a month's CSV for one line streams: answered in chunks, the process's memory about flat.
 * The sandbox MVNE runs in this process (1,000 lines on LITE-10 with 48 days of traffic); the API
 * against the embedded database, or PostgreSQL when DATABASE_URL is set.
 */
import type { AddressInfo } from 'node:net';

const LINES = 1000;
const HISTORY_DAYS = 48;
const PASSWORD = 'Selfcare#2026';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] as number;

/** Bench customers, one line each, on the services the sandbox MVNE was given. */
async function seedLines(pool: import('pg').Pool) {
  await pool.query(
    `INSERT INTO users (email, phone_number, password_hash, first_name, last_name, status, activated,
       email_verified_at, is_main_line, created_at, updated_at)
     SELECT 'usage' || g || '@bench.selfcare.sg', '8' || lpad((5000000 + g)::text, 7, '0'),
       (SELECT password_hash FROM users WHERE email = 'active@demo.selfcare.sg'),
       'Bench', 'Customer ' || g, 2, true, now(), true, now(), now()
     FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
    [LINES],
  );
  await pool.query(
    `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
       profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
     SELECT 'BU' || lpad(g::text, 6, '0'), u.id, 'Completed', false, 0, 0, '{}'::jsonb, '{}'::jsonb,
       '{}'::jsonb, 1000, 1000, now(), now(), now()
     FROM generate_series(1, $1::int) g JOIN users u ON u.email = 'usage' || g || '@bench.selfcare.sg'
     WHERE NOT EXISTS (SELECT 1 FROM orders WHERE order_number = 'BU000001')`,
    [LINES],
  );
  await pool.query(
    `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
     SELECT id, 0, 'LITE-10', '{}', 'NORMAL', '8' || lpad((5000000 + substr(order_number, 3)::int)::text, 7, '0')
     FROM orders WHERE order_number LIKE 'BU%' ON CONFLICT DO NOTHING`,
  );
  await pool.query(
    `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
       state, mvne_service_id, requested_at, activated_at, created_at, updated_at)
     SELECT o.user_id, o.id, l.id, l.msisdn, 0, 'LITE-10', true, 'active', 'BENCH-' || l.msisdn,
       now(), now(), now(), now()
     FROM orders o JOIN order_lines l ON l.order_id = o.id
     WHERE o.order_number LIKE 'BU%' ON CONFLICT DO NOTHING`,
  );
}

async function timed(
  title: string,
  url: string,
  headers: Record<string, string>,
  count = 60,
  before?: () => Promise<unknown>,
) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await before?.();
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${title}: answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const p = p95(times);
  console.log(`${title.padEnd(48)} p95 ${p.toFixed(1)} ms   max ${Math.max(...times).toFixed(1)} ms`);
  return p;
}

/** Runs the usage measurements; answers whether every goal was met. */
export async function benchUsage(): Promise<boolean> {
  const api = await import('@selfcare/api');
  const { startSandbox } = await import('@selfcare/sandbox');
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
  const now = new Date();
  const activatedAt = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  sandbox.mvne.provision(
    Array.from({ length: LINES }, (_, i) => {
      const msisdn = `8${String(5_000_001 + i).padStart(7, '0')}`;
      return { id: `BENCH-${msisdn}`, msisdn, planCode: 'LITE-10', activatedAt };
    }),
  );
  let started = performance.now();
  sandbox.mvne.generateUntil(now);
  const total = sandbox.mvne.recordCount();
  console.log(
    `usage: the MVNE generated ${total.toLocaleString('en')} records for ${LINES} lines × ${HISTORY_DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const embedded = process.env.DATABASE_URL ? undefined : await api.startEmbeddedDatabase({ port: 0 });
  const url = process.env.DATABASE_URL ?? (embedded?.url as string);
  const setup = api.createDatabase(url, 2);
  await api.runMigrations(setup);
  await api.seedDemoData(setup);
  await seedLines(setup.pool);
  await setup.close();
  const ctx = await api.createContext(
    api.loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '1000',
      RUN_WORKER: 'false',
      WEB_DIST: '/nonexistent',
      MVNE_URL: `${sandbox.url}/mvne/tmf-api`,
      MVNE_TIMEOUT_MS: '30000',
    }),
    url,
  );
  try {
    started = performance.now();
    const { stored } = await ctx.usageImport.importRecords();
    const seconds = (performance.now() - started) / 1000;
    const rate = stored / seconds;
    console.log(
      `usage import: ${stored.toLocaleString('en')} records in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} records/s (goal ≥ 20,000)`,
    );

    const app = await api.buildApp(ctx, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'usage1@bench.selfcare.sg', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const { data } = (await login.json()) as { data: { token: string } };
    const headers = { authorization: `Bearer ${data.token}` };
    const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const month = `from=${today.slice(0, 7)}-01&to=${today}`;
    console.log(
      `dashboard calls, ${LINES} lines and ${stored.toLocaleString('en')} records stored (goal p95 ≤ 50 ms)`,
    );
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const yearAgo = new Date(Date.UTC(y - 1, m - 1, d + 1)).toISOString().slice(0, 10);
    const worst = Math.max(
      await timed('balances, read live from the MVNE', `${base}/usage/balances`, headers, 30, () =>
        // Older than the 30 s the copy is kept: every request reads the MVNE.
        ctx.database.pool.query("UPDATE usage_balances SET read_at = now() - interval '1 hour'"),
      ),
      await timed('balances (kept 30 s)', `${base}/usage/balances`, headers),
      await timed('daily chart, this month', `${base}/usage/daily`, headers),
      await timed('first page of records, this month', `${base}/usage/records?${month}`, headers),
      await timed(
        'first page of data records, 12 months',
        `${base}/usage/records?kind=data&from=${yearAgo}&to=${today}`,
        headers,
      ),
    );
    const heapBefore = process.memoryUsage().rss;
    started = performance.now();
    const csv = await fetch(`${base}/usage/records.csv?${month}`, { headers });
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      chunks++;
    }
    console.log(
      `CSV of this month for one line: ${bytes.toLocaleString('en')} bytes in ${chunks} chunks, ${(performance.now() - started).toFixed(0)} ms, transfer-encoding ${csv.headers.get('transfer-encoding')}, RSS ${((process.memoryUsage().rss - heapBefore) / 1e6).toFixed(1)} MB more`,
    );
    await app.close();
    return rate >= 20_000 && worst <= 50 && csv.headers.get('transfer-encoding') === 'chunked';
  } finally {
    await ctx.close();
    await sandbox.stop();
    await embedded?.stop();
  }
}

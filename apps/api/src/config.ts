import { randomBytes } from 'node:crypto';
import { feesSchema } from '@selfcare/domain/contracts/settings';
import { DEFAULT_FEES, type Fees } from '@selfcare/domain/order';
import { z } from 'zod';
import {
  bool,
  combineSettings,
  defineSettings,
  type SettingDeclarations,
  type SettingValues,
  setting,
  url,
} from './settings.ts';

/**
 * Secrets and keys with the sandbox's values as defaults (printed in the README), so that a demo
 * runs with no settings. Production must set each, to something else.
 */
export const SANDBOX_SECRETS = {
  PAYMENTS_WEBHOOK_SECRET: 'sandbox-webhook-secret',
  MVNE_WEBHOOK_SECRET: 'sandbox-mvne-webhook-secret',
  MVNE_API_KEY: 'sandbox-mvne-key',
  PAYMENTS_API_KEY: 'sandbox-payments-key',
  SMS_API_KEY: 'sandbox-sms-key',
  MYINFO_CLIENT_SECRET: 'sandbox-myinfo-secret',
  BANK_API_KEY: 'sandbox-bank-key',
  BANK_WEBHOOK_SECRET: 'sandbox-bank-webhook-secret',
} as const;

/**
 * The platform's settings, those of no one module: where it listens, its database, the systems outside
 * our walls, logging, limits, the brand and GST. A module declares the settings it alone reads in its
 * own `<m>.settings.ts` (ADR 0048). Parsed once at start with the modules'; a bad value stops the
 * process with a message naming the variable.
 */
export const PLATFORM_SETTINGS = defineSettings({
  NODE_ENV: setting(
    z.enum(['development', 'production', 'test']).default('development'),
    '`production` refuses to start without every secret and key below set to its production value (none of the sandbox defaults, webhook and client secrets at least 32 characters), naming each that is missing',
  ),
  HOST: setting(z.string().default('127.0.0.1'), 'Address the API listens on'),
  PORT: setting(z.coerce.number().int().min(0).max(65535).default(3000), 'Port of the portal and API'),
  /** Where customers reach the portal (links in emails, QR codes): by default this machine's PORT. */
  PUBLIC_URL: setting(
    url.optional(),
    'Public address of the portal, used in emailed links',
    '`http://localhost:` and `PORT`',
  ),
  DATABASE_URL: setting(
    url.optional(),
    'PostgreSQL connection string; unset uses the embedded PGlite database',
    '(embedded)',
  ),
  DATA_DIR: setting(
    z.string().default('./data'),
    'Where the embedded database keeps its files. Uploaded ID documents are kept in the database (ADR 0021); files an earlier version left in `DATA_DIR/documents` move there when a process starts',
  ),
  EMBEDDED_DB_PORT: setting(
    z.coerce.number().int().default(54320),
    'Port the embedded database is served on (0: any free port)',
  ),
  DB_POOL_MAX: setting(z.coerce.number().int().min(1).default(8), 'Database connections per API process'),
  JWT_SECRET: setting(
    z.string().min(32, 'must be at least 32 characters').optional(),
    'Key signing access tokens (at least 32 characters)',
    'random per start',
  ),
  OTP_SECRET: setting(
    z.string().min(32, 'must be at least 32 characters').optional(),
    'Key for the hashes of one-time codes (at least 32 characters)',
    'random per start',
  ),
  COOKIE_SECURE: setting(
    bool.optional(),
    'Secure flag of the refresh cookie',
    '`true` unless `PUBLIC_URL` is plain http on localhost',
  ),
  SMTP_URL: setting(
    url.default('smtp://127.0.0.1:2525'),
    'Outgoing mail server, e.g. `smtps://user:pass@smtp.example.com:465`',
    '`smtp://127.0.0.1:2525` (sandbox)',
  ),
  MAIL_FROM: setting(z.string().default('Selfcare <no-reply@selfcare.example.sg>'), 'Sender of our email'),
  SMS_URL: setting(
    url.default('http://127.0.0.1:3100/sms/api/v1/messages'),
    "SMS provider's send endpoint (`POST {to, from, text, encoding}`, bearer key, `Idempotency-Key`)",
    '`http://127.0.0.1:3100/sms/api/v1/messages` (sandbox)',
  ),
  SMS_API_KEY: setting(z.string().default(SANDBOX_SECRETS.SMS_API_KEY), 'SMS provider key'),
  MVNE_URL: setting(
    url.default('http://127.0.0.1:3100/mvne/tmf-api'),
    "The MVNE's TM Forum API root (TMF685 number reservations, TMF622 product orders, TMF640 services, TMF677 balances, TMF635 usage records)",
    '`http://127.0.0.1:3100/mvne/tmf-api` (sandbox)',
  ),
  MVNE_API_KEY: setting(z.string().default(SANDBOX_SECRETS.MVNE_API_KEY), 'Bearer key for the MVNE'),
  MVNE_TIMEOUT_MS: setting(
    z.coerce.number().int().min(100).default(5000),
    'Timeout of each MVNE call (ms). A job that calls the MVNE is handed out again this long plus 30 s after the worker holding it stopped answering',
  ),
  ONEMAP_URL: setting(
    url.default('http://127.0.0.1:3100'),
    'OneMap (or compatible) address search root; `https://www.onemap.gov.sg` in production',
    '`http://127.0.0.1:3100` (sandbox)',
  ),
  PAYMENTS_URL: setting(
    url.default('http://127.0.0.1:3100'),
    'Card gateway root (hosted card page, charges with idempotency keys)',
    '`http://127.0.0.1:3100` (sandbox)',
  ),
  PAYMENTS_API_KEY: setting(z.string().default(SANDBOX_SECRETS.PAYMENTS_API_KEY), 'Card gateway secret key'),
  PAYMENTS_WEBHOOK_SECRET: setting(
    z.string().min(16).default(SANDBOX_SECRETS.PAYMENTS_WEBHOOK_SECRET),
    'Secret the gateway signs webhooks with (`POST /api/v1/webhooks/payments`)',
  ),
  /** The bank that collects PayNow: its credits API, and the secret its credit events are signed with. */
  BANK_URL: setting(
    url.default('http://127.0.0.1:3100'),
    'The bank that collects PayNow (its credits API)',
    '`http://127.0.0.1:3100` (sandbox)',
  ),
  BANK_API_KEY: setting(z.string().default(SANDBOX_SECRETS.BANK_API_KEY), 'Bearer key for the bank'),
  BANK_WEBHOOK_SECRET: setting(
    z.string().min(16).default(SANDBOX_SECRETS.BANK_WEBHOOK_SECRET),
    'Secret the bank signs PayNow credit events with (`POST /api/v1/webhooks/bank`)',
  ),
  MVNE_WEBHOOK_SECRET: setting(
    z.string().min(16).default(SANDBOX_SECRETS.MVNE_WEBHOOK_SECRET),
    'Secret the MVNE signs service events with (`POST /api/v1/webhooks/mvne`)',
  ),
  COURIER_URL: setting(
    url.default('http://127.0.0.1:3100/courier/api/v1'),
    'Courier API whose `GET /coverage?postalCode=` says whether it delivers there',
    '`http://127.0.0.1:3100/courier/api/v1` (sandbox)',
  ),
  SMS_SENDER: setting(z.string().default('Selfcare'), 'SMS sender name'),
  REDIS_URL: setting(
    url.optional(),
    'Redis for the request rate limit, shared by several API processes',
    '(none)',
  ),
  /** API requests a minute for each signed-in customer or staff member, whatever address they come from. */
  RATE_LIMIT_MAX: setting(
    z.coerce.number().int().min(1).default(300),
    "API requests a minute for each signed-in customer or staff member (the verified access token's subject), wherever they come from",
  ),
  /**
   * API requests a minute from one address without a valid access token. Mobile customers reach us
   * through their carrier's NAT, thousands behind one address: sized for that, not for one person.
   */
  RATE_LIMIT_ANON_MAX: setting(
    z.coerce.number().int().min(1).default(3000),
    "API requests a minute from one address without a valid access token (an IPv6 /64 is one address); sized for a carrier's NAT",
  ),
  AUTH_RATE_LIMIT_MAX: setting(
    z.coerce.number().int().min(1).default(30),
    'Requests per IP per minute to each login, code and reset endpoint',
  ),
  RUN_WORKER: setting(
    bool.default(true),
    'Run the job worker inside the API process (`npm start`; the API alone and the worker alone set it themselves)',
  ),
  /** Where a worker process alone (`worker.js`) answers /healthz and /readyz. */
  WORKER_PORT: setting(
    z.coerce.number().int().min(0).max(65535).default(3001),
    'Where the worker alone (`apps/api/dist/bin/worker.js`) answers `/healthz`, `/readyz` and `/metrics`',
  ),
  /**
   * The bearer token Prometheus presents to `/metrics` (ADR 0052). Unset, `/metrics` answers nobody in
   * production, and elsewhere only a request made on this machine (loopback, not through a proxy).
   */
  METRICS_TOKEN: setting(
    z.string().min(16).optional(),
    'Bearer token for `/metrics` on the API and the worker (at least 16 characters); unset, `/metrics` answers nobody in production, and elsewhere only a request from this machine that no proxy forwarded',
    '(none)',
  ),
  /** Where traces go (ADR 0054): an OTLP/HTTP collector's base URL. Unset, nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: setting(
    url.optional(),
    'OTLP/HTTP collector that receives traces (`<url>/v1/traces`), e.g. `http://otel-collector:4318`; unset, nothing is traced',
    '(none)',
  ),
  OTEL_SERVICE_NAME: setting(z.string().min(1).default('selfcare'), 'The service name traces carry'),
  JOB_POLL_SECONDS: setting(z.coerce.number().min(0.5).default(1), 'How often the worker looks for jobs'),
  /** Jobs of one kind a worker takes per poll and runs at once. */
  JOB_BATCH_SIZE: setting(
    z.coerce.number().int().min(1).max(100).default(10),
    'Jobs of one kind (MVNE calls, refunds, batches) a worker takes per poll and runs at once; each succeeds or is retried on its own. A full batch is followed by the next at once, so a backlog does not wait for the poll',
  ),
  /** Emails or SMS a worker takes per poll and sends at once (over MAIL_CONNECTIONS connections). */
  MESSAGE_BATCH_SIZE: setting(
    z.coerce.number().int().min(1).max(500).default(100),
    "The same for email and SMS, which are cheap to send side by side. A batch must be sent within the messages' 30 s expiry (about 430 emails a second here): with a mail server slower than about 3 s a message, lower it, or messages late in a batch are handed out again and sent twice (with the same Message-ID)",
  ),
  /** SMTP connections a process keeps open and sends over. */
  MAIL_CONNECTIONS: setting(
    z.coerce.number().int().min(1).max(50).default(10),
    'SMTP connections a process keeps open and reuses',
  ),
  /** Lets a staff admin move the application clock: demo and test deployments only, never production. */
  CLOCK_CONTROL: setting(
    bool.default(false),
    'Let a staff admin move "now" with `POST /api/v1/testing/clock` (demos, tests; at most 400 days a step, 5 years in all; refused in production)',
  ),
  /**
   * The reverse proxies in front of the API, whose X-Forwarded-For is believed: a hop count or their
   * addresses (comma-separated, CIDR allowed). Unset: none, the client is the connection's address.
   */
  TRUST_PROXY: setting(
    z
      .string()
      .optional()
      .refine((v) => v === undefined || !/^(true|yes|\*)$/i.test(v.trim()), {
        message: "must name the proxies' addresses or hop count, not trust every hop",
      }),
    "The reverse proxies whose `X-Forwarded-For` is believed: a hop count (`1`) or their addresses (`10.0.0.0/8,192.168.1.10`). Unset, the client is the connection's address. Never `true`: a client could name its own address and escape every per-address limit",
    '(none)',
  ),
  LOG_LEVEL: setting(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'pino log level (`silent` to turn logging off)',
  ),
  LOG_PRETTY: setting(
    bool.optional(),
    'Readable log lines instead of JSON',
    '`true` at a terminal outside production',
  ),
  WEB_DIST: setting(z.string().default('apps/web/dist'), 'The built web app the API serves'),
  BRAND_NAME: setting(z.string().default('Selfcare Mobile'), 'Brand shown in the portal and messages'),
  SUPPORT_EMAIL: setting(
    z.string().default('support@selfcare.example.sg'),
    'Support address shown to customers',
  ),
  SUPPORT_PHONE: setting(z.string().default('+65 6123 4567'), 'Support number shown to customers'),
  GST_PERCENT: setting(
    z.coerce.number().min(0).max(100).default(DEFAULT_FEES.gstPercent),
    'GST rate; prices include it and the order summary shows the rate and the amount',
  ),
  MYINFO_URL: setting(
    url.default('http://127.0.0.1:5156'),
    'MyInfo v3 root (the browser is sent to its authorise page; token and person are called from the API)',
  ),
  MYINFO_CLIENT_ID: setting(z.string().default('STG2-MYINFO-SELFCARE'), 'Our MyInfo app id'),
  MYINFO_CLIENT_SECRET: setting(
    z.string().default(SANDBOX_SECRETS.MYINFO_CLIENT_SECRET),
    'Our MyInfo client secret',
  ),
  MYINFO_PURPOSE: setting(
    z.string().default('Ordering a mobile line and checking eligibility for corporate plans'),
    "Purpose shown on MyInfo's consent page",
  ),
  MYINFO_PRIVATE_KEY_FILE: setting(
    z.string().optional(),
    'PEM private key: signs our MyInfo calls (PKI_SIGN) and decrypts the person',
    "(MockPass's demo key under `npm start`; required in production)",
  ),
  MYINFO_CERT_FILE: setting(
    z.string().optional(),
    "MyInfo's certificate: verifies the token and the signed person",
    "(MockPass's demo certificate under `npm start`; required in production)",
  ),
  MYINFO_TIMEOUT_MS: setting(z.coerce.number().int().min(100).default(5000), 'Timeout of each MyInfo call'),
});

/**
 * The modules' settings, by variable name: each module's `<m>.settings.ts` adds its own
 * (`declare module '../../config.ts' { interface ModuleSettings extends SettingValues<…> {} }`), so that
 * `config.BILLS_SHOWN` reads as it always did while the declaration lives beside the code that reads it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's settings declaration
export interface ModuleSettings {}

type RawConfig = SettingValues<typeof PLATFORM_SETTINGS>;
export type Config = Omit<
  RawConfig,
  'JWT_SECRET' | 'OTP_SECRET' | 'COOKIE_SECURE' | 'LOG_PRETTY' | 'TRUST_PROXY' | 'PUBLIC_URL'
> & {
  PUBLIC_URL: string;
  LOG_PRETTY: boolean;
  JWT_SECRET: string;
  OTP_SECRET: string;
  COOKIE_SECURE: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. Never `true`. */
  TRUST_PROXY: false | number | string[];
} & ModuleSettings;

/** Required in production with no default at all. */
const PRODUCTION_REQUIRED = [
  'JWT_SECRET',
  'OTP_SECRET',
  'MYINFO_PRIVATE_KEY_FILE',
  'MYINFO_CERT_FILE',
] as const;

/** Why each secret a production start would run with is not fit for it; empty when all are. */
function productionSecretProblems(env: NodeJS.ProcessEnv, clockControl: boolean): string[] {
  const problems: string[] = [];
  for (const key of PRODUCTION_REQUIRED)
    if (!env[key]?.trim()) problems.push(`  ${key}: required in production`);
  for (const [key, sandbox] of Object.entries(SANDBOX_SECRETS)) {
    const value = env[key]?.trim();
    if (!value) problems.push(`  ${key}: required in production`);
    else if (value === sandbox) problems.push(`  ${key}: is the sandbox's value; set the production one`);
    else if (key.endsWith('_SECRET') && value.length < 32)
      problems.push(`  ${key}: must be at least 32 characters in production`);
  }
  for (const key of ['MYINFO_PRIVATE_KEY_FILE', 'MYINFO_CERT_FILE'] as const)
    if (env[key]?.includes('@opengovsg/mockpass'))
      problems.push(`  ${key}: is MockPass's demo key; set the production one`);
  if (clockControl) problems.push('  CLOCK_CONTROL: cannot be on in production');
  return problems;
}

function trustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

/**
 * Reads the configuration: the platform's settings and the modules' (`modules`, every module's
 * declarations, as `load-config.ts` gathers them from the module list).
 */
export function parseConfig(env: NodeJS.ProcessEnv, modules: SettingDeclarations): Config {
  const declarations = combineSettings([PLATFORM_SETTINGS, modules]);
  const schema = z.object(Object.fromEntries(Object.entries(declarations).map(([k, s]) => [k, s.schema])));
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data as unknown as RawConfig & ModuleSettings;
  const production = c.NODE_ENV === 'production';
  if (production) {
    const problems = productionSecretProblems(env, c.CLOCK_CONTROL);
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  // A portal started on another port links to that port, not to 3000.
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const plainLocalhost = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(publicUrl.replace(/\/$/, ''));
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    // Outside production a fresh secret per start is enough: refresh tokens live in the database,
    // so a restart only costs each browser one silent refresh.
    JWT_SECRET: c.JWT_SECRET ?? randomBytes(32).toString('base64url'),
    OTP_SECRET: c.OTP_SECRET ?? randomBytes(32).toString('base64url'),
    COOKIE_SECURE: c.COOKIE_SECURE ?? !plainLocalhost,
    TRUST_PROXY: trustProxy(c.TRUST_PROXY),
    // Readable lines for a person at a terminal; JSON for log collectors.
    LOG_PRETTY: c.LOG_PRETTY ?? (!production && process.stdout.isTTY === true),
  };
}

/**
 * The fees as this deployment configures them: every setting declared as a fee, under its name, and
 * the GST rate. Those the web names (`Fees`) must each be declared by a module; a fee added since
 * reaches /api/v1/settings under its own name with nothing else changed.
 */
export function feesOf(config: Config, modules: SettingDeclarations): Fees {
  const values = config as unknown as Record<string, unknown>;
  const fees: Record<string, unknown> = { gstPercent: config.GST_PERCENT };
  for (const [name, s] of Object.entries(modules)) if (s.fee) fees[s.fee.name] = values[name];
  const checked = feesSchema.safeParse(fees);
  if (!checked.success)
    throw new ConfigError(
      `No module declares these fees: ${checked.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  return checked.data;
}

/** The operator's name and support contacts, as messages to customers state them. */
export interface Brand {
  name: string;
  supportEmail: string;
  supportPhone: string;
}

export function brandOf(config: Config): Brand {
  return { name: config.BRAND_NAME, supportEmail: config.SUPPORT_EMAIL, supportPhone: config.SUPPORT_PHONE };
}

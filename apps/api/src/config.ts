import { randomBytes } from 'node:crypto';
import { DEFAULT_FEES, type Fees } from '@selfcare/domain/order';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = z.url();
const cents = z.coerce.number().int().min(0).max(1_000_000);

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
 * Every setting the API reads, with its default. Parsed once at start; a bad value stops the process
 * with a message naming the variable.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where customers reach the portal (links in emails, QR codes): by default this machine's PORT. */
  PUBLIC_URL: url.optional(),
  DATABASE_URL: url.optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * What one customer may keep uploaded (ID documents not yet removed): an order needs a front and a
   * back, with room for re-uploads and for documents staff ask for later.
   */
  UPLOAD_MAX_FILES_PER_CUSTOMER: z.coerce.number().int().min(1).default(20),
  UPLOAD_MAX_BYTES_PER_CUSTOMER: z.coerce
    .number()
    .int()
    .min(1)
    .default(40 * 1024 * 1024),
  EMBEDDED_DB_PORT: z.coerce.number().int().default(54320),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(8),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(1000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: bool.optional(),
  SMTP_URL: url.default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Selfcare <no-reply@selfcare.example.sg>'),
  SMS_URL: url.default('http://127.0.0.1:3100/sms/api/v1/messages'),
  SMS_API_KEY: z.string().default(SANDBOX_SECRETS.SMS_API_KEY),
  MVNE_URL: url.default('http://127.0.0.1:3100/mvne/tmf-api'),
  MVNE_API_KEY: z.string().default(SANDBOX_SECRETS.MVNE_API_KEY),
  MVNE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  MVNE_WEBHOOK_SECRET: z.string().min(16).default(SANDBOX_SECRETS.MVNE_WEBHOOK_SECRET),
  /** How long after asking the MVNE to activate a line we check on it, should its event not arrive. */
  MVNE_POLL_SECONDS: z.coerce.number().int().min(1).default(60),
  ONEMAP_URL: url.default('http://127.0.0.1:3100'),
  PAYMENTS_URL: url.default('http://127.0.0.1:3100'),
  PAYMENTS_API_KEY: z.string().default(SANDBOX_SECRETS.PAYMENTS_API_KEY),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).default(SANDBOX_SECRETS.PAYMENTS_WEBHOOK_SECRET),
  /** The bank that collects PayNow: its credits API, and the secret its credit events are signed with. */
  BANK_URL: url.default('http://127.0.0.1:3100'),
  BANK_API_KEY: z.string().default(SANDBOX_SECRETS.BANK_API_KEY),
  BANK_WEBHOOK_SECRET: z.string().min(16).default(SANDBOX_SECRETS.BANK_WEBHOOK_SECRET),
  COURIER_URL: url.default('http://127.0.0.1:3100/courier/api/v1'),
  SMS_SENDER: z.string().default('Selfcare'),
  MYINFO_URL: url.default('http://127.0.0.1:5156'),
  MYINFO_CLIENT_ID: z.string().default('STG2-MYINFO-SELFCARE'),
  MYINFO_CLIENT_SECRET: z.string().default(SANDBOX_SECRETS.MYINFO_CLIENT_SECRET),
  MYINFO_PURPOSE: z.string().default('Ordering a mobile line and checking eligibility for corporate plans'),
  MYINFO_PRIVATE_KEY_FILE: z.string().optional(),
  MYINFO_CERT_FILE: z.string().optional(),
  MYINFO_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  REDIS_URL: url.optional(),
  /** API requests a minute for each signed-in customer or staff member, whatever address they come from. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /**
   * API requests a minute from one address without a valid access token. Mobile customers reach us
   * through their carrier's NAT, thousands behind one address: sized for that, not for one person.
   */
  RATE_LIMIT_ANON_MAX: z.coerce.number().int().min(1).default(3000),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  RUN_WORKER: bool.default(true),
  /** Where a worker process alone (`worker.js`) answers /healthz and /readyz. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /** Jobs of one kind a worker takes per poll and runs at once. */
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Emails or SMS a worker takes per poll and sends at once (over MAIL_CONNECTIONS connections). */
  MESSAGE_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(100),
  /** SMTP connections a process keeps open and sends over. */
  MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(10),
  /** Lets a staff admin move the application clock: demo and test deployments only, never production. */
  CLOCK_CONTROL: bool.default(false),
  /**
   * The reverse proxies in front of the API, whose X-Forwarded-For is believed: a hop count or their
   * addresses (comma-separated, CIDR allowed). Unset: none, the client is the connection's address.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => v === undefined || !/^(true|yes|\*)$/i.test(v.trim()), {
      message: "must name the proxies' addresses or hop count, not trust every hop",
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  WEB_DIST: z.string().default('apps/web/dist'),
  DEFAULT_LANGUAGE: z.string().default('en'),
  SUPPORT_EMAIL: z.string().default('support@selfcare.example.sg'),
  SUPPORT_PHONE: z.string().default('+65 6123 4567'),
  BRAND_NAME: z.string().default('Selfcare Mobile'),
  /** The operator's UEN: its PayNow proxy, and what its tax invoices state. */
  OPERATOR_UEN: z
    .string()
    .regex(/^[0-9A-Z]{9,10}$/)
    .default('201912345K'),
  OPERATOR_ADDRESS: z.string().default('1 Fusionopolis Way, #10-01, Singapore 138632'),
  /** How many of the latest bills /bills shows (the spec's N, which it does not state). */
  BILLS_SHOWN: z.coerce.number().int().min(1).max(60).default(12),
  MARKETING_URL: url.default('https://selfcare.example.sg'),
  GST_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_FEES.gstPercent),
  NEW_NUMBER_FEE_CENTS: cents.default(DEFAULT_FEES.newNumberCents),
  HOME_DELIVERY_FEE_CENTS: cents.default(DEFAULT_FEES.homeDeliveryCents),
  ADMIN_FEE_CENTS: cents.default(DEFAULT_FEES.adminCents),
  SIM_REPLACEMENT_FEE_CENTS: cents.default(DEFAULT_FEES.simReplacementCents),
  OVERDUE_NOTICE_FEE_CENTS: cents.default(DEFAULT_FEES.overdueNoticeCents),
  NUMBER_CHANGE_FEE_CENTS: cents.default(DEFAULT_FEES.numberChangeCents),
  NUMBER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
});

export type RawConfig = z.infer<typeof schema>;
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
};

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
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

/** The fees of SPEC.md section 9 as this deployment configures them. */
export function feesOf(config: Config): Fees {
  return {
    newNumberCents: config.NEW_NUMBER_FEE_CENTS,
    homeDeliveryCents: config.HOME_DELIVERY_FEE_CENTS,
    adminCents: config.ADMIN_FEE_CENTS,
    simReplacementCents: config.SIM_REPLACEMENT_FEE_CENTS,
    overdueNoticeCents: config.OVERDUE_NOTICE_FEE_CENTS,
    numberChangeCents: config.NUMBER_CHANGE_FEE_CENTS,
    gstPercent: config.GST_PERCENT,
  };
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

import { randomBytes } from 'node:crypto';
import { DEFAULT_FEES, type Fees } from '@selfcare/domain/order';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = z.url();
const cents = z.coerce.number().int().min(0).max(1_000_000);

/**
 * Every setting the API reads, with its default. Parsed once at start; a bad value stops the process
 * with a message naming the variable.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: url.default('http://localhost:3000'),
  DATABASE_URL: url.optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_DB_PORT: z.coerce.number().int().default(54320),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(8),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(1000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: bool.optional(),
  SMTP_URL: url.default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Selfcare <no-reply@selfcare.example.sg>'),
  SMS_URL: url.default('http://127.0.0.1:3100/sms/api/v1/messages'),
  SMS_API_KEY: z.string().default('sandbox-sms-key'),
  MVNE_URL: url.default('http://127.0.0.1:3100/mvne/tmf-api'),
  MVNE_API_KEY: z.string().default('sandbox-mvne-key'),
  MVNE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  MVNE_WEBHOOK_SECRET: z.string().min(16).default('sandbox-mvne-webhook-secret'),
  /** How long after asking the MVNE to activate a line we check on it, should its event not arrive. */
  MVNE_POLL_SECONDS: z.coerce.number().int().min(1).default(60),
  ONEMAP_URL: url.default('http://127.0.0.1:3100'),
  PAYMENTS_URL: url.default('http://127.0.0.1:3100'),
  PAYMENTS_API_KEY: z.string().default('sandbox-payments-key'),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).default('sandbox-webhook-secret'),
  COURIER_URL: url.default('http://127.0.0.1:3100/courier/api/v1'),
  SMS_SENDER: z.string().default('Selfcare'),
  MYINFO_URL: url.default('http://localhost:5156'),
  MYINFO_CLIENT_ID: z.string().default('STG2-MYINFO-SELFCARE'),
  MYINFO_CLIENT_SECRET: z.string().default('sandbox-myinfo-secret'),
  MYINFO_PURPOSE: z.string().default('Ordering a mobile line and checking eligibility for corporate plans'),
  MYINFO_PRIVATE_KEY_FILE: z.string().optional(),
  MYINFO_CERT_FILE: z.string().optional(),
  MYINFO_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  REDIS_URL: url.optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  RUN_WORKER: bool.default(true),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  CLOCK_CONTROL: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  WEB_DIST: z.string().default('apps/web/dist'),
  DEFAULT_LANGUAGE: z.string().default('en'),
  SUPPORT_EMAIL: z.string().default('support@selfcare.example.sg'),
  SUPPORT_PHONE: z.string().default('+65 6123 4567'),
  BRAND_NAME: z.string().default('Selfcare Mobile'),
  MARKETING_URL: url.default('https://selfcare.example.sg'),
  GST_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_FEES.gstPercent),
  NEW_NUMBER_FEE_CENTS: cents.default(DEFAULT_FEES.newNumberCents),
  HOME_DELIVERY_FEE_CENTS: cents.default(DEFAULT_FEES.homeDeliveryCents),
  ADMIN_FEE_CENTS: cents.default(DEFAULT_FEES.adminCents),
  SIM_REPLACEMENT_FEE_CENTS: cents.default(DEFAULT_FEES.simReplacementCents),
  OVERDUE_NOTICE_FEE_CENTS: cents.default(DEFAULT_FEES.overdueNoticeCents),
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
  'JWT_SECRET' | 'OTP_SECRET' | 'COOKIE_SECURE' | 'CLOCK_CONTROL' | 'LOG_PRETTY'
> & {
  LOG_PRETTY: boolean;
  JWT_SECRET: string;
  OTP_SECRET: string;
  COOKIE_SECURE: boolean;
  CLOCK_CONTROL: boolean;
};

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
    const missing = (
      ['JWT_SECRET', 'OTP_SECRET', 'MYINFO_PRIVATE_KEY_FILE', 'MYINFO_CERT_FILE'] as const
    ).filter((k) => !c[k]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required in production`).join('\n')}`,
      );
  }
  const plainLocalhost = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(c.PUBLIC_URL.replace(/\/$/, ''));
  return {
    ...c,
    // Outside production a fresh secret per start is enough: refresh tokens live in the database,
    // so a restart only costs each browser one silent refresh.
    JWT_SECRET: c.JWT_SECRET ?? randomBytes(32).toString('base64url'),
    OTP_SECRET: c.OTP_SECRET ?? randomBytes(32).toString('base64url'),
    COOKIE_SECURE: c.COOKIE_SECURE ?? !plainLocalhost,
    CLOCK_CONTROL: production ? false : (c.CLOCK_CONTROL ?? true),
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
    gstPercent: config.GST_PERCENT,
  };
}

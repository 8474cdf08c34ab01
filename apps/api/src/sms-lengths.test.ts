import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BYTES_PER_GB,
  cardName,
  formatBillMonth,
  formatMoney,
  formatSgDateTime,
  formatSgDay,
  formatUsage,
  type Locale,
  OTP_LENGTH,
  OTP_TTL_SECONDS,
  type SmsEncoding,
  smsSegments,
} from '@selfcare/domain';
import { ROAMING_CAP } from '@selfcare/domain/products';
import { describe, expect, it } from 'vitest';
import { brandOf, feesOf } from './config.ts';
import { loadConfig, MODULE_SETTINGS } from './load-config.ts';
import { renderSecurityAlertSms, securityEvents } from './modules/auth/auth-emails.ts';
import {
  renderFailedSignInSms,
  renderOtpSms,
  renderRegistrationAttemptSms,
} from './modules/auth/sign-in-emails.ts';
import { deductionFailedText, overdueNoticeText } from './modules/billing/bill-emails.ts';
import { DEMO_PLANS } from './modules/catalog/catalog.seed.ts';
import { renderRoamingCapSms } from './modules/products/product-emails.ts';
import { renderUsageAlertSms } from './modules/usage/usage-emails.ts';

/**
 * Every SMS the portal sends, rendered with the longest values it meets, against the segments it
 * may take: each segment is an SMS the operator pays for, and a long text's parts can arrive apart.
 * A template made longer, or given a character outside GSM-7 (a curly quote, '•'), fails here.
 */

const config = loadConfig({});
/** The brand, support number and fees as configured by default: 'Selfcare Mobile', '+65 6123 4567'. */
const brand = brandOf(config);
const { overdueNoticeCents } = feesOf(config, MODULE_SETTINGS);

/** The longest of each value, as the code that queues the SMS writes it. */
const longest = {
  msisdn: '98765432',
  code: '9'.repeat(OTP_LENGTH),
  /** '30 September 2026, 12:59 pm (Singapore time)': the longest month, a two-digit day and hour. */
  at: formatSgDateTime(new Date('2026-09-30T04:59:00Z')),
  day: formatSgDay('2026-09-30'),
  month: formatBillMonth('2026-09'),
  /** A full IPv6 address with no group left out (Singtel's prefix): sign-ins name where they came from. */
  address: '2406:3003:2077:1e6f:b4c5:3d2a:91f0:7c1e',
  /** 'MASTERCARD •••• 4444': the longest brand the card gateway names. */
  card: cardName({ brand: 'mastercard', last4: '4444' }),
  /** 'B' and the month, then seven digits of the sequence (bill-run.repository.ts). */
  billNumber: 'B2026091234567',
  /** A bill of several lines, each roaming to its cap, stays under $10,000. */
  amount: formatMoney(999_999),
  fee: formatMoney(overdueNoticeCents),
  roamingCap: formatMoney(ROAMING_CAP.maxCents),
  /**
   * Data left when 80% of the largest bucket the catalog sells is used (Orchid Care 28's 400GB): at
   * 100% the alert names no amount.
   */
  dataLeft: formatUsage(
    Math.max(...DEMO_PLANS.map((p) => p.dataGb ?? 0)) * BYTES_PER_GB * (1 - 80 / 100),
    'BYTES',
  ),
};

interface Case {
  name: string;
  text: string;
  encoding: SmsEncoding;
  /** The most segments it may take. */
  segments: number;
}

const cases: Case[] = [
  // One: a code that comes in two parts can arrive as two, or the second late, while the customer
  // waits at the login page; and it is the SMS sent most.
  {
    name: 'login code',
    text: renderOtpSms(brand, longest.code, OTP_TTL_SECONDS / 60),
    encoding: 'GSM-7',
    segments: 1,
  },
  // Two: a warning that says what happened, when, from where and whom to call does not fit in one,
  // and is sent seldom (throttled, and only to a customer with no email address).
  {
    name: 'failed sign-ins',
    text: renderFailedSignInSms(brand, longest.at, longest.address),
    encoding: 'GSM-7',
    segments: 2,
  },
  {
    name: 'registration with a number that has an account',
    text: renderRegistrationAttemptSms(brand),
    encoding: 'GSM-7',
    segments: 2,
  },
  // Security alerts: two, for the same reason; a changed card is named 'MASTERCARD ending 4444', since
  // the receipts' '••••' is outside GSM-7 and would send the whole alert as UCS-2 in 3 or 4 segments.
  ...securityEvents.flatMap((event) =>
    ([undefined, 'support'] as const).map(
      (by): Case => ({
        name: `security alert: ${event}${by ? ' by support' : ''}`,
        text: renderSecurityAlertSms(brand, {
          event,
          ...(event === 'card-changed' ? {} : { msisdn: longest.msisdn }),
          ...(event === 'card-changed' ? { detail: longest.card } : {}),
          ...(event === 'number-changed' ? { detail: '87654321' } : {}),
          // The longest name a passkey is given (apps/api/src/device-name.ts).
          ...(event.startsWith('passkey-') ? { detail: 'Samsung Internet (ChromeOS)' } : {}),
          ...(event === 'termination' ? { detail: longest.day } : {}),
          at: longest.at,
          ...(by ? { by } : {}),
        }),
        encoding: 'GSM-7',
        segments: 2,
      }),
    ),
  ),
  // The auth module's SMS in the other three languages (ADR 0055), with the longest moment and day
  // each writes (Tamil's moment alone is 49 units). Malay is GSM-7, as English is, and takes as many
  // parts. Chinese and Tamil are UCS-2: 70 units in one message, 67 a part. The login code stays one
  // in every language; Tamil, whose letters take two units with a vowel sign or a dead consonant's
  // mark, says it in the fewest words that still give the code's name, its minutes and the warning.
  // Chinese says the rest in two, as English does. Tamil takes 3 for an alert of a changed card or
  // number, a termination or an unsuspension, and 4 for those that say more: a suspension (what
  // stops working), a blocked SIM (the replacement), the support team's words, a failed sign-in (its
  // address) and a registration (what to do); shorter would drop facts the English gives.
  ...(['zh', 'ms', 'ta'] as const).flatMap((locale: Exclude<Locale, 'en'>): Case[] => {
    const encoding = locale === 'ms' ? 'GSM-7' : 'UCS-2';
    const longestOf = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a));
    const months = Array.from({ length: 12 }, (_, m) => m);
    /** The 28th of each month at 12:59 pm Singapore time, and the 28th as a day: the longest written. */
    const at = longestOf(months.map((m) => formatSgDateTime(new Date(Date.UTC(2026, m, 28, 4, 59)), locale)));
    const day = longestOf(
      months.map((m) => formatSgDay(`2026-${String(m + 1).padStart(2, '0')}-28`, 'day', locale)),
    );
    const parts = {
      zh: { failed: 2, registration: 2, alert: 2, bySupport: 2 },
      ms: { failed: 2, registration: 2, alert: 2, bySupport: 2 },
      ta: { failed: 4, registration: 4, alert: 3, bySupport: 4 },
    }[locale];
    const saysMore = (event: string) => locale === 'ta' && (event === 'suspended' || event === 'sim-blocked');
    return [
      {
        name: `login code (${locale})`,
        text: renderOtpSms(brand, longest.code, OTP_TTL_SECONDS / 60, locale),
        encoding,
        segments: 1,
      },
      {
        name: `failed sign-ins (${locale})`,
        text: renderFailedSignInSms(brand, at, longest.address, locale),
        encoding,
        segments: parts.failed,
      },
      {
        name: `registration with a number that has an account (${locale})`,
        text: renderRegistrationAttemptSms(brand, locale),
        encoding,
        segments: parts.registration,
      },
      ...securityEvents.flatMap((event) =>
        ([undefined, 'support'] as const).map(
          (by): Case => ({
            name: `security alert: ${event}${by ? ' by support' : ''} (${locale})`,
            text: renderSecurityAlertSms(
              brand,
              {
                event,
                ...(event === 'card-changed' ? {} : { msisdn: longest.msisdn }),
                ...(event === 'card-changed' ? { detail: longest.card } : {}),
                ...(event === 'number-changed' ? { detail: '87654321' } : {}),
                ...(event.startsWith('passkey-') ? { detail: 'Samsung Internet (ChromeOS)' } : {}),
                // The longest name a passkey is given (apps/api/src/device-name.ts).
                ...(event.startsWith('passkey-') ? { detail: 'Samsung Internet (ChromeOS)' } : {}),
                ...(event === 'termination' ? { detail: day } : {}),
                at,
                ...(by ? { by } : {}),
              },
              locale,
            ),
            encoding,
            segments: by ? parts.bySupport : saysMore(event) ? 4 : parts.alert,
          }),
        ),
      ),
    ];
  }),
  // Usage alerts: one, as each line gets up to two a month and they say one thing.
  ...(['data', 'roaming data'] as const).flatMap((where) =>
    [
      { percent: 80, stopsAtLimit: false },
      { percent: 100, stopsAtLimit: false },
      { percent: 100, stopsAtLimit: true },
    ].map(
      ({ percent, stopsAtLimit }): Case => ({
        name: `usage alert: ${percent}% of ${where}${stopsAtLimit ? ', stopped' : ''}`,
        text: renderUsageAlertSms(brand, { where, percent, left: longest.dataLeft, stopsAtLimit }),
        encoding: 'GSM-7',
        segments: 1,
      }),
    ),
  ),
  // The roaming cap: one for the warning; two at the cap, which also says what still works and
  // what to do.
  {
    name: 'roaming cap: 80%',
    text: renderRoamingCapSms(brand, {
      msisdn: longest.msisdn,
      cap: longest.roamingCap,
      percent: ROAMING_CAP.warnPercent,
    }),
    encoding: 'GSM-7',
    segments: 1,
  },
  {
    name: 'roaming cap: reached',
    text: renderRoamingCapSms(brand, { msisdn: longest.msisdn, cap: longest.roamingCap, percent: 100 }),
    encoding: 'GSM-7',
    segments: 2,
  },
  // A failed deduction: the spec's words, the bill, the card and what happens next: two (304 septets
  // with the card named; the receipts' '••••' would make it UCS-2 in 5).
  ...[longest.day, null].flatMap((retryOn) =>
    [longest.card, null].map(
      (card): Case => ({
        name: `deduction failed: ${card ? 'card' : 'no card'}, ${retryOn ? 'tried again' : 'last try'}`,
        text: deductionFailedText(brand, {
          month: longest.month,
          billNumber: longest.billNumber,
          amount: longest.amount,
          retryOn,
          card,
        }),
        encoding: 'GSM-7',
        segments: 2,
      }),
    ),
  ),
  {
    name: 'overdue notice',
    text: overdueNoticeText(brand, {
      month: longest.month,
      billNumber: longest.billNumber,
      amount: longest.amount,
      fee: longest.fee,
      dueOn: longest.day,
    }),
    encoding: 'GSM-7',
    segments: 2,
  },
  // Billing's, usage's and products' SMS in the other three languages (ADR 0055), with the longest
  // month and day each writes ('2026年10月', '28 செப்டம்பர், 2026') and the card as each names it
  // ('MASTERCARD berakhir 4444', '尾号 4444 的 MASTERCARD 卡'). Malay is GSM-7, as English is, and
  // takes as many parts: its words are longer, so a failed deduction says 'tidak dapat mengecaj … bagi
  // bil' and 'guna kad lain' to stay in 2. Chinese and Tamil are UCS-2: 70 units in one message, 67 a
  // part. Chinese says a usage alert and the roaming cap's warning in one, as English does, and the
  // overdue notice and the cap reached in two; a failed deduction takes 3 (its values alone, the
  // brand, the bill's month, number and amount, the card and the next try's day, are 90 units), 2
  // when there is neither a card nor a next try to name. Tamil, whose letters take two units with a
  // vowel sign or a dead consonant's mark, takes 5 for a failed deduction and the overdue notice, 2
  // for a usage warning, 3 for all data used and for the roaming cap's warning, 4 at the cap: fewer
  // would drop facts the English gives (the spec's words, the card, what to do, the fee, what works).
  ...(['zh', 'ms', 'ta'] as const).flatMap((locale): Case[] => {
    const encoding: SmsEncoding = locale === 'ms' ? 'GSM-7' : 'UCS-2';
    const longestOf = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a));
    const months = Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}`);
    const month = longestOf(months.map((m) => formatBillMonth(m, locale)));
    const day = longestOf(months.map((m) => formatSgDay(`${m}-28`, 'day', locale)));
    const parts = {
      zh: {
        deduction: 3,
        deductionNoCardLast: 2,
        overdue: 2,
        usage: 1,
        usedAll: 1,
        capWarned: 1,
        capReached: 2,
      },
      ms: {
        deduction: 2,
        deductionNoCardLast: 2,
        overdue: 2,
        usage: 1,
        usedAll: 1,
        capWarned: 1,
        capReached: 2,
      },
      ta: {
        deduction: 5,
        deductionNoCardLast: 5,
        overdue: 5,
        usage: 2,
        usedAll: 3,
        capWarned: 3,
        capReached: 4,
      },
    }[locale];
    const bill = { month, billNumber: longest.billNumber, amount: longest.amount };
    return [
      ...[day, null].flatMap((retryOn) =>
        [longest.card, null].map(
          (card): Case => ({
            name: `deduction failed: ${card ? 'card' : 'no card'}, ${retryOn ? 'tried again' : 'last try'} (${locale})`,
            text: deductionFailedText(brand, { ...bill, retryOn, card }, locale),
            encoding,
            segments: card || retryOn ? parts.deduction : parts.deductionNoCardLast,
          }),
        ),
      ),
      {
        name: `overdue notice (${locale})`,
        text: overdueNoticeText(brand, { ...bill, fee: longest.fee, dueOn: day }, locale),
        encoding,
        segments: parts.overdue,
      },
      ...(['data', 'roaming data'] as const).flatMap((where) =>
        [
          { percent: 80, stopsAtLimit: false },
          { percent: 100, stopsAtLimit: false },
          { percent: 100, stopsAtLimit: true },
        ].map(
          ({ percent, stopsAtLimit }): Case => ({
            name: `usage alert: ${percent}% of ${where}${stopsAtLimit ? ', stopped' : ''} (${locale})`,
            text: renderUsageAlertSms(
              brand,
              { where, percent, left: longest.dataLeft, stopsAtLimit },
              locale,
            ),
            encoding,
            segments: percent < 100 ? parts.usage : parts.usedAll,
          }),
        ),
      ),
      ...[ROAMING_CAP.warnPercent, 100].map(
        (percent): Case => ({
          name: `roaming cap: ${percent < 100 ? `${percent}%` : 'reached'} (${locale})`,
          text: renderRoamingCapSms(
            brand,
            { msisdn: longest.msisdn, cap: longest.roamingCap, percent },
            locale,
          ),
          encoding,
          segments: percent < 100 ? parts.capWarned : parts.capReached,
        }),
      ),
    ];
  }),
];

describe('SMS lengths', () => {
  for (const { name, text, encoding, segments } of cases)
    it(`${name}: ${encoding}, at most ${segments} segment${segments > 1 ? 's' : ''}`, () => {
      const counted = smsSegments(text);
      expect(counted.encoding, text).toBe(encoding);
      expect(counted.segments, `${counted.units} units: ${text}`).toBeLessThanOrEqual(segments);
    });

  it('renders the longest values into the texts', () => {
    expect(longest.at).toBe('30 September 2026, 12:59 pm (Singapore time)');
    expect(longest.dataLeft).toBe('80.00 GB');
    expect(longest.roamingCap).toBe('$1,000.00');
    expect(cases.find((c) => c.name === 'login code')?.text).toBe(
      '999999 is your Selfcare Mobile login code. It expires in 5 minutes. Never share it with anyone.',
    );
  });

  it('covers every place that queues an SMS', () => {
    // A new sender of sendSmsJob fails here until its texts are added above.
    const modules = fileURLToPath(new URL('./modules/', import.meta.url));
    const senders = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('notifications'))
      .filter((f) => /\bsendSmsJob\b/.test(readFileSync(`${modules}${f}`, 'utf8')))
      .sort();
    expect(senders).toEqual([
      'auth/account-notices.ts', // security alerts
      'auth/account.service.ts', // registration with a number that has an account
      'auth/sign-in.service.ts', // login code, failed sign-ins
      'billing/deduction.ts', // deduction failed, overdue notice
      'products/line-roaming.ts', // roaming cap
      'usage/usage.alerts.ts', // usage alerts
    ]);
  });
});

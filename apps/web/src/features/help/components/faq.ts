import {
  ADMIN_FEE_DAYS,
  BILL_STATUS_LABELS,
  BillMessages,
  DEDUCTION_DAY,
  DEDUCTION_RETRY_DAYS,
  ESIM_FREE_INSTALLS,
  formatMoney,
  LIMIT_SUBLINE,
  LOCALE_TAGS,
  OVERDUE_AFTER_DAYS,
  type RouteName,
} from '@selfcare/domain';
import { FulfilmentMessages, PortMessages } from '@selfcare/domain/fulfilment';
import { TERMINATION_MAX_DAYS_AHEAD } from '@selfcare/domain/line-services';
import type { Fees } from '@selfcare/domain/order';
import { ONE_TIME_VALIDITY_DAYS, ROAMING_CAP } from '@selfcare/domain/products';
import { argumentsOf, currentLanguage, hasText, tm } from '../../../lib/i18n.ts';
import type help from '../locales/en.json';
import '../texts.ts';

type QuestionId = keyof typeof help.faq;
export type TopicId = keyof typeof help.topics;

/** The questions by topic, in the order the page shows them, and the portal pages each answer names. */
export const TOPICS: ReadonlyArray<{
  id: TopicId;
  questions: ReadonlyArray<{ id: QuestionId; links?: readonly RouteName[] }>;
}> = [
  {
    id: 'ordering',
    questions: [
      { id: 'orderCost' },
      { id: 'delivery' },
      { id: 'promotion' },
      { id: 'orderStatus', links: ['myAccount', 'orders'] },
    ],
  },
  {
    id: 'activation',
    questions: [
      { id: 'activateSim', links: ['activeSimOnline'] },
      { id: 'adminFee', links: ['myAccount'] },
      { id: 'esimActivation', links: ['simManagement'] },
    ],
  },
  {
    id: 'porting',
    questions: [
      { id: 'keepNumber', links: ['numberPort'] },
      { id: 'submitPort', links: ['numberPort'] },
      { id: 'portWindow', links: ['numberPort'] },
      { id: 'portUnsuccessful', links: ['numberPort'] },
      { id: 'portFailed', links: ['numberPort'] },
    ],
  },
  {
    id: 'esim',
    questions: [
      { id: 'getEsim' },
      { id: 'installEsim', links: ['simManagement'] },
      { id: 'newEsim', links: ['simManagement'] },
    ],
  },
  {
    id: 'bills',
    questions: [
      { id: 'billDate', links: ['bills'] },
      { id: 'payBill', links: ['bills'] },
      { id: 'autoDeduction', links: ['bills'] },
      { id: 'overdue', links: ['bills'] },
      { id: 'billStatus', links: ['bills'] },
      { id: 'changeCard', links: ['bills'] },
    ],
  },
  {
    id: 'roaming',
    questions: [
      { id: 'roamingOn', links: ['roaming'] },
      { id: 'roamingPack', links: ['roaming'] },
      { id: 'roamingCap', links: ['roaming'] },
      { id: 'roamingUsage', links: ['roamingUsage'] },
    ],
  },
  {
    id: 'addons',
    questions: [
      { id: 'addons', links: ['addOn', 'globalSMS'] },
      { id: 'boosters', links: ['booster'] },
      { id: 'planChange', links: ['planChange'] },
      { id: 'rollover', links: ['policyControl'] },
    ],
  },
  {
    id: 'lines',
    questions: [
      { id: 'lostSim', links: ['lostSim', 'simManagement'] },
      { id: 'suspendLine', links: ['suspension'] },
      { id: 'changeNumber', links: ['numberChange'] },
      { id: 'endLine', links: ['termination'] },
    ],
  },
  {
    id: 'usLines',
    questions: [
      { id: 'addUsLine', links: ['mobileSubLine', 'mobileSubLineCreate'] },
      { id: 'usLineLogin', links: ['mobileSubLine', 'myAccount'] },
    ],
  },
];

/** [2, 5, 9] as the reader's language lists them: '2, 5 and 9', '2、5和9', '2, 5 dan 9'. */
export const listOf = (items: readonly (string | number)[]): string =>
  new Intl.ListFormat(LOCALE_TAGS[currentLanguage()], { type: 'conjunction' }).format(items.map(String));

/** The fees the answers name, each from the operator's configuration (the portal's settings). */
const FEE_VARS: Record<string, (fees: Fees) => number> = {
  newNumberFee: (f) => f.newNumberCents,
  homeDeliveryFee: (f) => f.homeDeliveryCents,
  adminFee: (f) => f.adminCents,
  overdueFee: (f) => f.overdueNoticeCents,
  simReplacementFee: (f) => f.simReplacementCents,
  numberChangeFee: (f) => f.numberChangeCents,
};

/**
 * Whether an answer names a fee. While the fees are unknown (the settings could not be loaded) such an
 * answer is left out: a fee the operator does not charge is never shown in its place.
 */
export const namesAFee = (id: QuestionId) =>
  paragraphKeys(id).some((key) => argumentsOf(key).some((name) => name in FEE_VARS));

/** The keys of an answer's paragraphs, as many as its language writes it in. */
export function paragraphKeys(id: QuestionId): string[] {
  const keys: string[] = [];
  while (hasText(`help.faq.${id}.a.${keys.length}`)) keys.push(`help.faq.${id}.a.${keys.length}`);
  return keys;
}

/**
 * What the answers interpolate: the fees and support contacts from the portal's settings, days and
 * limits from the domain, the spec's own messages where an answer quotes one.
 */
export function answerVars(
  support: { email: string; phone: string },
  fees: Fees | null,
): Record<string, string | number> {
  return {
    ...(fees
      ? Object.fromEntries(Object.entries(FEE_VARS).map(([v, cents]) => [v, formatMoney(cents(fees))]))
      : {}),
    adminFeeDays: ADMIN_FEE_DAYS,
    overdueDays: OVERDUE_AFTER_DAYS,
    // A number: each language writes the day its own way ('25th', '25日').
    deductionDay: DEDUCTION_DAY,
    retryDays: listOf(DEDUCTION_RETRY_DAYS.filter((d) => d > 0)),
    payNowTakes: tm(BillMessages.payNowTakes),
    payNowCutoff: tm(BillMessages.payNowCutoff),
    paid: tm(BILL_STATUS_LABELS.paid),
    due: tm(BILL_STATUS_LABELS.due),
    pending: tm(BILL_STATUS_LABELS.pending),
    unknown: tm(BILL_STATUS_LABELS.unknown),
    notSubmitted: tm(PortMessages.notSubmitted),
    portFailed: tm(PortMessages.failed),
    deviceNotFound: tm(FulfilmentMessages.deviceNotFound),
    esimInstalls: ESIM_FREE_INSTALLS,
    capMin: formatMoney(ROAMING_CAP.minCents),
    capMax: formatMoney(ROAMING_CAP.maxCents),
    capWarn: ROAMING_CAP.warnPercent,
    validityDays: ONE_TIME_VALIDITY_DAYS,
    endMaxDays: TERMINATION_MAX_DAYS_AHEAD,
    usLines: LIMIT_SUBLINE,
    email: support.email,
    phone: support.phone,
  };
}

/**
 * Text as the search compares it: lower case, typographic quotes as plain ones, hyphens as spaces (so
 * that 'new number fee' finds 'new-number fee'), spaces collapsed.
 */
export const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[-‐‑–—]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A word without its ending, so that 'terminate' finds 'termination' and 'charges' finds 'charged';
 * short words are kept whole ('fee' must not find 'feel').
 */
const stem = (word: string) => {
  const bare = word.replace(/(ing|ion|ed|es|e|s)$/, '');
  return bare.length >= 4 ? bare : word;
};

/** Whether `haystack` (normalized) holds every word of the query, or its stem, in any order. */
export function matches(haystack: string, query: string): boolean {
  const words = normalize(query).split(' ').filter(Boolean);
  return words.every((w) => haystack.includes(w) || haystack.includes(stem(w)));
}

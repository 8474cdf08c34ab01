import type { Locale } from '@selfcare/domain';
import { DONOR_REFUSALS, type DonorRefusal } from '@selfcare/domain/fulfilment';
import { z } from 'zod';
import { defineOrderEmails, type OrderWords, orderFields as order } from '../notifications/index.ts';
import { texts } from './lines-texts.ts';

const donorRefusals = Object.keys(DONOR_REFUSALS) as [keyof typeof DONOR_REFUSALS];

/**
 * The emails a customer gets as a number moves in from another network: moved, or refused; in the
 * customer's language (ADR 0055).
 */
const schemas = [
  z.object({ template: z.literal('port-completed'), ...order, msisdn: z.string() }),
  /** The donor network did not let the number go; `refusal` says why when it said. */
  z.object({
    template: z.literal('port-refused'),
    ...order,
    msisdn: z.string(),
    refusal: z.enum(donorRefusals).nullable(),
  }),
] as const;
export type LineEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    lines: LineEmail;
  }
}

/**
 * Why the donor network refused, and what to do, as the catalog says them: in English, the words of
 * DONOR_REFUSALS, which the port's page shows.
 */
const REFUSAL_KEYS = {
  'id-mismatch': { reason: 'refusal.idMismatch', advice: 'refusal.idMismatchAdvice' },
  'not-active': { reason: 'refusal.notActive', advice: 'refusal.notActiveAdvice' },
  'outstanding-bill': { reason: 'refusal.outstandingBill', advice: 'refusal.outstandingBillAdvice' },
} as const satisfies Record<DonorRefusal, { reason: string; advice: string }>;

/** What each email says, in `locale`. */
function words(t: LineEmail, locale: Locale): OrderWords {
  switch (t.template) {
    case 'port-completed':
      return {
        subject: texts.t(locale, 'ported.subject'),
        paragraphs: [
          texts.t(locale, 'ported.body', { msisdn: t.msisdn }),
          texts.t(locale, 'ported.released'),
        ],
        linkLabel: texts.t(locale, 'ported.link'),
      };
    case 'port-refused': {
      const why = t.refusal ? REFUSAL_KEYS[t.refusal] : null;
      return {
        subject: texts.t(locale, 'refused.subject'),
        paragraphs: [
          texts.t(locale, 'refused.body', { msisdn: t.msisdn }),
          why ? texts.t(locale, 'refused.reason', { reason: texts.t(locale, why.reason) }) : '',
          why ? texts.t(locale, why.advice) : '',
        ],
        linkLabel: texts.t(locale, 'ported.link'),
      };
    }
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const lineEmails = defineOrderEmails<LineEmail>(schemas, words);

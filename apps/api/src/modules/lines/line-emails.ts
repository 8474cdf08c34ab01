import { DONOR_REFUSALS } from '@selfcare/domain/fulfilment';
import { z } from 'zod';
import { defineOrderEmails, type OrderWords, orderFields as order } from '../notifications/index.ts';

const donorRefusals = Object.keys(DONOR_REFUSALS) as [keyof typeof DONOR_REFUSALS];

/**
 * The emails a customer gets as a number moves in from another network: moved, or refused.
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

/** What each email says. */
function words(t: LineEmail): OrderWords {
  switch (t.template) {
    case 'port-completed':
      return {
        subject: 'Your number has moved to us',
        paragraphs: [
          `Your number ${t.msisdn} is now with us.`,
          'The temporary number you used meanwhile has been released: people can reach you on your own number again.',
        ],
        linkLabel: 'See your number porting',
      };
    case 'port-refused': {
      const why = t.refusal ? DONOR_REFUSALS[t.refusal] : null;
      return {
        subject: 'Your number could not be moved',
        paragraphs: [
          `Your network could not move ${t.msisdn} to us.`,
          why ? `Reason: ${why.reason}` : '',
          why ? why.advice : '',
        ],
        linkLabel: 'See your number porting',
      };
    }
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const lineEmails = defineOrderEmails<LineEmail>(schemas, words);

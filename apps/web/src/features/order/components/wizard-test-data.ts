import type { Draft, Offer } from '@selfcare/domain/contracts/orders';
import { DEFAULT_FEES } from '@selfcare/domain/order';
import type { Seen } from '../../../test/fake-server.ts';

/** What the order wizard's steps are tested on: a catalog, an empty draft, and what a step saved. */
const plan = (code: string, name: string, monthlyCents: number, dataGb: number | null) => ({
  code,
  name,
  group: 'consumer' as const,
  companyCode: null,
  monthlyCents,
  dataGb,
  talkMinutes: null,
  sms: null,
  roamingGb: 1,
  description: `${name}.`,
  descriptions: {},
});

export const offer: Offer = {
  plans: [plan('VALUE-20', 'Value 20', 2000, 150), plan('MAX-55', 'Max 55', 5500, null)],
  addons: [
    {
      code: 'DATA-20',
      name: 'Extra 20GB',
      monthlyCents: 500,
      description: '20GB more.',
      descriptions: {},
      planCodes: ['VALUE-20'],
    },
    {
      code: 'VOICEMAIL',
      name: 'Voicemail',
      monthlyCents: 200,
      description: 'Voicemail.',
      descriptions: {},
      planCodes: null,
    },
  ],
  fees: DEFAULT_FEES,
  maxLines: 3,
  networks: [
    { id: 0, name: 'Singtel' },
    { id: 1, name: 'StarHub' },
  ],
};

export const emptyDraft: Draft = {
  plan: null,
  numbers: null,
  account: null,
  delivery: null,
  documents: null,
  myinfo: null,
  reservation: null,
};

/** A draft whose step 1 is saved: `lines` lines on Value 20, of the given SIM type. */
export const draftWithPlan = (lines = 1, typeSim = 0): Draft => ({
  ...emptyDraft,
  plan: { typeSim, lines: Array.from({ length: lines }, () => ({ planCode: 'VALUE-20', addonCodes: [] })) },
});

/** The body a step sent to be saved (PUT /api/v1/orders/draft/{step}), or undefined if none was sent. */
export const savedStep = (seen: Seen[], step: 'plan' | 'numbers' | 'account' | 'delivery'): unknown => {
  const put = seen.find((r) => r.method === 'PUT' && r.path === `/api/v1/orders/draft/${step}`);
  return put ? JSON.parse(put.body ?? 'null') : undefined;
};

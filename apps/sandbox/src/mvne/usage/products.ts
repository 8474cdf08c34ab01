import { BYTES_PER_GB } from '@selfcare/domain';

/** The bucket a product gives: its kind of use, where it counts, and its size in its units. */
export interface ProductAllowance {
  usageType: 'data' | 'voice' | 'sms';
  /** Local data, roaming data in the product's countries, or calls and SMS to numbers abroad. */
  scope: 'local' | 'roaming' | 'idd';
  size: number;
  units: 'BYTES' | 'SECONDS' | 'EVENTS';
}

/** A product the operator sells on a live line, as provisioned at the MVNE. */
export interface MvneProduct {
  name: string;
  /**
   * A monthly product gives a full bucket every bundle month (renewed on the 1st with the plan's) for
   * as long as it runs; a one-time product gives one bucket, from its start to its end.
   */
  recurring: 'monthly' | 'once';
  /** Its bucket; null for a feature that holds no allowance (voicemail, the IDD rate saver). */
  allowance: ProductAllowance | null;
  /** For roaming data: the countries (ISO 3166 alpha-2) where the bucket may be used. */
  countries: readonly string[];
  /** One bucket drawn by several lines (a family's), rather than one line's own. */
  shareable: boolean;
  /** Halves the per-minute rate of the line's outgoing IDD calls, rounding the half up to a whole cent. */
  iddSaver?: boolean;
}

const data = (gb: number): ProductAllowance => ({
  usageType: 'data',
  scope: 'local',
  size: gb * BYTES_PER_GB,
  units: 'BYTES',
});
const roaming = (gb: number): ProductAllowance => ({ ...data(gb), scope: 'roaming' });
const ASIA = ['MY', 'TH', 'ID', 'JP'] as const;
const none: readonly string[] = [];

/**
 * The operator's add-ons, boosters, top-ups, roaming packs and IDD services, by the same codes as
 * the operator's catalog, with what each one holds. How long a one-time product lasts is not the
 * MVNE's to decide: the order that adds it says when it starts and ends.
 */
export const MVNE_PRODUCTS: Record<string, MvneProduct> = {
  'DATA-20': {
    name: 'Extra 20GB',
    recurring: 'monthly',
    allowance: data(20),
    countries: none,
    shareable: false,
  },
  'IDD-300': {
    name: 'IDD 300',
    recurring: 'monthly',
    allowance: { usageType: 'voice', scope: 'idd', size: 300 * 60, units: 'SECONDS' },
    countries: none,
    shareable: false,
  },
  'ROAM-ASIA-5': {
    name: 'Asia Roaming 5GB',
    recurring: 'monthly',
    allowance: roaming(5),
    countries: ASIA,
    shareable: false,
  },
  VOICEMAIL: { name: 'Voicemail', recurring: 'monthly', allowance: null, countries: none, shareable: false },
  'BOOST-5': {
    name: 'Data Booster 5GB',
    recurring: 'once',
    allowance: data(5),
    countries: none,
    shareable: false,
  },
  'BOOST-20-SHARE': {
    name: 'Shared Booster 20GB',
    recurring: 'once',
    allowance: data(20),
    countries: none,
    shareable: true,
  },
  'BOOST-10-MONTHLY': {
    name: 'Monthly Booster 10GB',
    recurring: 'monthly',
    allowance: data(10),
    countries: none,
    shareable: false,
  },
  'BOOST-30-MONTHLY-SHARE': {
    name: 'Family Booster 30GB',
    recurring: 'monthly',
    allowance: data(30),
    countries: none,
    shareable: true,
  },
  'TOPUP-1': {
    name: 'Lite Top-up 1GB',
    recurring: 'once',
    allowance: data(1),
    countries: none,
    shareable: false,
  },
  'TOPUP-3': {
    name: 'Lite Top-up 3GB',
    recurring: 'once',
    allowance: data(3),
    countries: none,
    shareable: false,
  },
  'RP-MY-3D': {
    name: 'Malaysia 3GB, 3 days',
    recurring: 'once',
    allowance: roaming(3),
    countries: ['MY'],
    shareable: false,
  },
  'RP-ASIA-7D': {
    name: 'Asia 5GB, 7 days',
    recurring: 'once',
    allowance: roaming(5),
    countries: ASIA,
    shareable: false,
  },
  'RP-JP-7D': {
    name: 'Japan 6GB, 7 days',
    recurring: 'once',
    allowance: roaming(6),
    countries: ['JP'],
    shareable: false,
  },
  'RP-AU-10D': {
    name: 'Australia 8GB, 10 days',
    recurring: 'once',
    allowance: roaming(8),
    countries: ['AU'],
    shareable: false,
  },
  'RP-ASIA-SHARE-15D': {
    name: 'Asia Share 15GB, 15 days',
    recurring: 'once',
    allowance: roaming(15),
    countries: ASIA,
    shareable: true,
  },
  'IDD-SAVER': {
    name: 'IDD Saver',
    recurring: 'monthly',
    allowance: null,
    countries: none,
    shareable: false,
    iddSaver: true,
  },
  'GLOBAL-SMS-100': {
    name: 'Global SMS 100',
    recurring: 'monthly',
    allowance: { usageType: 'sms', scope: 'idd', size: 100, units: 'EVENTS' },
    countries: none,
    shareable: false,
  },
};

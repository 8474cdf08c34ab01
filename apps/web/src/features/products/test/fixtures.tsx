import type {
  CatalogProduct,
  LineProduct,
  LineRoaming,
  ProductLine,
  ProductsView,
  RoamingView,
} from '@selfcare/domain/contracts/products';
import type { Reply } from '../../../test/fake-server.ts';

export const ME = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a01';
export const US1 = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a02';
export const US2 = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a03';
export const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 };

export const line = (over: Partial<ProductLine> = {}): ProductLine => ({
  id: ME,
  msisdn: '91000004',
  isMainLine: true,
  planCode: 'PLUS-35',
  planName: 'Plus 35',
  state: 'active',
  ...over,
});

export const LINES = [
  line(),
  line({ id: US1, msisdn: '81000001', isMainLine: false, planCode: 'LITE-10', planName: 'Lite 10' }),
  line({ id: US2, msisdn: '81000002', isMainLine: false, planCode: 'LITE-10', planName: 'Lite 10' }),
];

export const sold = (over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  code: 'BOOST-5',
  kind: 'booster',
  name: 'Data Booster 5GB',
  description: '5GB of local data at once, for 30 days.',
  descriptions: {},
  priceCents: 400,
  recurrence: 'once',
  validityDays: 30,
  shareable: false,
  countries: [],
  planCodes: null,
  ...over,
});

export const BOOSTERS = [
  sold(),
  sold({
    code: 'BOOST-20-SHARE',
    name: 'Shared Booster 20GB',
    priceCents: 1200,
    shareable: true,
    description: '20GB of local data for 30 days, shared by the lines you choose.',
  }),
  sold({
    code: 'BOOST-10-MONTHLY',
    name: 'Monthly Booster 10GB',
    priceCents: 600,
    recurrence: 'monthly',
    validityDays: null,
    description: '10GB more local data every month, from today.',
  }),
  sold({ code: 'BOOST-MAX', name: 'Max Booster', planCodes: ['MAX-55'] }),
];

export const TOP_UPS = [sold({ code: 'TOPUP-1', kind: 'top-up', name: 'Lite Top-up 1GB', priceCents: 200 })];

export const PACKS = [
  sold({
    code: 'RP-MY-3D',
    kind: 'roaming-pack',
    name: 'Malaysia 3GB, 3 days',
    priceCents: 500,
    validityDays: 3,
    countries: ['MY'],
    description: '3GB of data in Malaysia for 3 days.',
  }),
  sold({
    code: 'RP-ASIA-7D',
    kind: 'roaming-pack',
    name: 'Asia 5GB, 7 days',
    priceCents: 1500,
    validityDays: 7,
    countries: ['MY', 'TH', 'ID', 'JP'],
    description: '5GB of data in Malaysia, Thailand, Indonesia and Japan for 7 days.',
  }),
  sold({
    code: 'RP-JP-7D',
    kind: 'roaming-pack',
    name: 'Japan 6GB, 7 days',
    priceCents: 1800,
    validityDays: 7,
    countries: ['JP'],
    description: '6GB of data in Japan for 7 days.',
  }),
  sold({
    code: 'RP-ASIA-SHARE-15D',
    kind: 'roaming-pack',
    name: 'Asia Share 15GB, 15 days',
    priceCents: 3900,
    validityDays: 15,
    countries: ['MY', 'TH', 'ID', 'JP'],
    shareable: true,
    description: '15GB of data in Asia for 15 days, shared by the lines you choose.',
  }),
];

export const owned = (over: Partial<LineProduct> = {}): LineProduct => ({
  id: '7f1b0a01-1c1e-4c53-9f3e-5d2a0b6f6a3e',
  code: 'BOOST-5',
  kind: 'booster',
  name: 'Data Booster 5GB',
  recurrence: 'once',
  priceCents: 400,
  lineId: US1,
  lineIds: [US1],
  state: 'active',
  payment: 'paid',
  startsAt: '2026-06-15T02:00:00Z',
  endsAt: '2026-07-15T02:00:00Z',
  changeable: false,
  ...over,
});

export const view = (over: Partial<ProductsView> = {}): ProductsView => ({
  lines: LINES,
  catalog: [],
  products: [],
  removalAt: '2026-06-30T16:00:00Z',
  iddRates: [],
  card: CARD,
  ...over,
});

/** A line's roaming: on, with no cap and nothing charged this month unless told. */
export const lineRoaming = (over: Partial<LineRoaming> = {}): LineRoaming => ({
  lineId: US1,
  msisdn: '81000001',
  isMainLine: false,
  enabled: true,
  capCents: null,
  spentCents: 0,
  capState: 'none',
  ...over,
});

export const roamingView = (lines: LineRoaming[] = [lineRoaming()]): RoamingView => ({
  lines,
  capMinCents: 1000,
  capMaxCents: 100_000,
});

/** The API's answer to a purchase or a change: the product and the text to show. */
export const saved = (data: LineProduct, message = 'Data updated successfully', status = 201): Reply => ({
  status,
  body: { data, status, message, extra_info: {} },
});

export { renderPage } from '../../../test/render-page.tsx';

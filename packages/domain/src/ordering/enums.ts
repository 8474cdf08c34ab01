/** Enumerations of ordering (SPEC.md section 3), kept with the order entry point. */
/** Donor networks for port-in, ids 0 to 18 in the spec's order. */
export const NETWORKS = [
  'M1',
  'Singtel',
  'StarHub',
  'Circles.Life',
  'Giga!',
  'GOMO',
  'MyRepublic',
  'redONE',
  'Zero1',
  'TPG / SIMBA',
  'CMLink',
  'Changi Mobile',
  'Gorilla Mobile',
  'ZYM',
  'Heya',
  'Maxx',
  'Geenet',
  'Eight',
] as const;

/** Phone number type of an order line: NORMAL is a new number, RETAIN a ported-in postpaid number. */
export const NumberType = { New: 'NORMAL', PortIn: 'RETAIN' } as const;
export type NumberType = (typeof NumberType)[keyof typeof NumberType];

/** Plan groups: consumer plans for everyone, CIS plans for employees of a scheme company. */
export const PLAN_GROUPS = ['consumer', 'cis'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

/** Work and stay passes a FIN holder may hold. */
export const PASS_TYPES = [
  'Employment Pass',
  'S Pass',
  'Work Permit',
  'EntrePass',
  'Personalised Employment Pass',
  'Overseas Networks & Expertise Pass',
  "Dependant's Pass",
  'Long-Term Visit Pass',
  "Student's Pass",
] as const;
export type PassType = (typeof PASS_TYPES)[number];
export const PASS_STATUSES = ['Live', 'Approved'] as const;

/** The two sides of an identity document a customer uploads. */
export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

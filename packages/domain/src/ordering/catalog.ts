import type { PlanGroup } from './enums.ts';

/**
 * An operator's text in the portal's other languages (ADR 0055): English is the item's own text, and
 * a language staff have not written falls back to it.
 */
export type Translations = { zh?: string; ms?: string; ta?: string };

/** A plan as customers see it. Prices in cents including GST; a null allowance is unlimited. */
export interface Plan {
  code: string;
  name: string;
  group: PlanGroup;
  companyCode: string | null;
  monthlyCents: number;
  dataGb: number | null;
  talkMinutes: number | null;
  sms: number | null;
  roamingGb: number;
  description: string;
  /** The description in the other languages staff wrote it in. */
  descriptions: Translations;
}

/** Whether a product may be on a line of the plan: a product that names no plans is for every plan. */
export const productAllowedOn = (planCodes: readonly string[] | null | undefined, planCode: string) =>
  !planCodes || planCodes.includes(planCode);

export interface Addon {
  code: string;
  name: string;
  monthlyCents: number;
  description: string;
  descriptions: Translations;
  /** The plans it may be added to; null for every plan (`productAllowedOn`). */
  planCodes: string[] | null;
}

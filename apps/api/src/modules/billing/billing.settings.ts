import { DEFAULT_FEES } from '@selfcare/domain/order';
import { z } from 'zod';
import { defineSettings, fee, type SettingValues, setting } from '../../settings.ts';

/**
 * What the operator's bills state and show, and the overdue notice fee billing charges. Read through
 * `config` (ADR 0048).
 */
export const billingSettings = defineSettings({
  /** The operator's UEN: its PayNow proxy, and what its tax invoices state. */
  OPERATOR_UEN: setting(
    z
      .string()
      .regex(/^[0-9A-Z]{9,10}$/)
      .default('201912345K'),
    "The operator's UEN: the PayNow proxy of bill QRs, and on its tax invoices",
  ),
  OPERATOR_ADDRESS: setting(
    z.string().default('1 Fusionopolis Way, #10-01, Singapore 138632'),
    "The operator's address on its tax invoices",
  ),
  /** How many of the latest bills /bills shows (the spec's N, which it does not state). */
  BILLS_SHOWN: setting(
    z.coerce.number().int().min(1).max(60).default(12),
    'How many of the latest bills /bills shows',
  ),
  OVERDUE_NOTICE_FEE_CENTS: fee({
    name: 'overdueNoticeCents',
    default: DEFAULT_FEES.overdueNoticeCents,
    chargeKind: 'overdue-fee',
    meaning: 'Overdue bill notice fee',
  }),
});

/**
 * The charges billing writes itself (its fee's kind is in its declaration above): the month's plan and
 * use, an add-on's month, an order's price (a roadshow order's; an added 'Us' line's one-off fees), and
 * credits, which are negative.
 */
export const BILLING_CHARGE_KINDS = [
  'plan',
  'product',
  'order',
  'usage-local',
  'usage-idd',
  'usage-roaming',
  'credit',
] as const;

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof billingSettings> {}
}

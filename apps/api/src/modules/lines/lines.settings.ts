import { DEFAULT_FEES } from '@selfcare/domain/order';
import { defineSettings, fee, type SettingValues } from '../../settings.ts';

/**
 * The fees a live line's changes cost: the admin fee of a SIM left unactivated, a number change. Read
 * through `config` (ADR 0048).
 */
export const linesSettings = defineSettings({
  ADMIN_FEE_CENTS: fee({
    name: 'adminCents',
    default: DEFAULT_FEES.adminCents,
    chargeKind: 'admin-fee',
    meaning: 'Admin fee when a SIM is not activated within 14 days of ordering, or the order is cancelled',
  }),
  NUMBER_CHANGE_FEE_CENTS: fee({
    name: 'numberChangeCents',
    default: DEFAULT_FEES.numberChangeCents,
    chargeKind: 'number-change',
    meaning: 'Number change fee, on the next bill (waived for a line whose port-in failed)',
  }),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof linesSettings> {}
}

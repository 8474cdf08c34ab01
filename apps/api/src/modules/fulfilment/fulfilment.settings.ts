import { DEFAULT_FEES } from '@selfcare/domain/order';
import { z } from 'zod';
import { defineSettings, fee, type SettingValues, setting } from '../../settings.ts';

/**
 * How an activation is followed up, and the fee of a lost SIM's physical replacement. Read through
 * `config` (ADR 0048).
 */
export const fulfilmentSettings = defineSettings({
  /** How long after asking the MVNE to activate a line we check on it, should its event not arrive. */
  MVNE_POLL_SECONDS: setting(
    z.coerce.number().int().min(1).default(60),
    'How long after asking the MVNE to activate a line the API checks on it, should the event not arrive',
  ),
  SIM_REPLACEMENT_FEE_CENTS: fee({
    name: 'simReplacementCents',
    default: DEFAULT_FEES.simReplacementCents,
    chargeKind: 'sim-replacement',
    meaning:
      "SIM replacement fee: a lost physical SIM's replacement, on the next bill once it is sent (a new eSIM profile is free; ADR 0029)",
  }),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof fulfilmentSettings> {}
}

import { DEFAULT_FEES } from '@selfcare/domain/order';
import { z } from 'zod';
import { defineSettings, fee, type SettingValues, setting } from '../../settings.ts';

/** An order's one-off fees and how long a chosen number is held. Read through `config` (ADR 0048). */
export const ordersSettings = defineSettings({
  NEW_NUMBER_FEE_CENTS: fee({
    name: 'newNumberCents',
    default: DEFAULT_FEES.newNumberCents,
    meaning: 'One-off fee for each new number ($22.00 incl. GST; none for a ported-in number)',
  }),
  HOME_DELIVERY_FEE_CENTS: fee({
    name: 'homeDeliveryCents',
    default: DEFAULT_FEES.homeDeliveryCents,
    meaning: 'Home delivery fee; postal mail, self-collection, eSIM ID verification and other are free',
  }),
  NUMBER_HOLD_MINUTES: setting(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    'How long a chosen new number is held for a customer who is still ordering or changing number',
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof ordersSettings> {}
}

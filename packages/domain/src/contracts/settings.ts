import { z } from 'zod/mini';

/**
 * The fees of SPEC.md section 9 as the operator configured them (`Fees`), in cents, GST included, and
 * any fee a module has added since, under its own name (`<name>Cents`): the API answers every fee a
 * module declares, so a new one reaches the web without a change here.
 */
export const feesSchema = z.catchall(
  z.object({
    newNumberCents: z.number(),
    homeDeliveryCents: z.number(),
    adminCents: z.number(),
    simReplacementCents: z.number(),
    overdueNoticeCents: z.number(),
    numberChangeCents: z.number(),
    gstPercent: z.number(),
  }),
  z.number(),
);

/**
 * GET /api/v1/settings: what the portal shows before anyone signs in (brand, support contacts,
 * language) and the fees, so that every page that names a fee names the configured one.
 */
export const settingsSchema = z.object({
  defaultLanguage: z.string(),
  brandName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  /** The operator's public site, which the footer and the sign-in pages link to. */
  marketingUrl: z.string(),
  fees: feesSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

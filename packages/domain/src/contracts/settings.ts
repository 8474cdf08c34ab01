import { z } from 'zod/mini';

/** GET /api/v1/settings: what the portal shows before anyone signs in (brand, support contacts, language). */
export const settingsSchema = z.object({
  defaultLanguage: z.string(),
  brandName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  /** The operator's public site, which the footer and the sign-in pages link to. */
  marketingUrl: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

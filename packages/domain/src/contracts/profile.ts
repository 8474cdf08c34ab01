import { z } from 'zod/mini';

const consent = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });

/**
 * The customer's profile on /profile/myProfile, as the spec's Profile entity lists it. `verified`
 * names the fields MyInfo verified (shown as verified); every identity field is locked (ADR 0026).
 * The ID number is masked but for its last four characters.
 */
export const profileViewSchema = z.object({
  email: z.string(),
  salutation: z.nullable(z.string()),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.nullable(z.string()),
  contactNumber: z.nullable(z.string()),
  idType: z.nullable(z.number()),
  idNumberMasked: z.nullable(z.string()),
  idIssueDate: z.nullable(z.string()),
  idExpiryDate: z.nullable(z.string()),
  passType: z.nullable(z.string()),
  passStatus: z.nullable(z.string()),
  passExpiry: z.nullable(z.string()),
  employer: z.nullable(z.string()),
  marketing: z.object({ provider: consent, thirdParty: consent }),
  verified: z.array(z.string()),
  /** Whether there is an order behind it yet: before the first one, only the login's details. */
  fromOrder: z.boolean(),
  card: z.nullable(
    z.object({
      holderName: z.nullable(z.string()),
      brand: z.string(),
      funding: z.nullable(z.string()),
      last4: z.string(),
      expMonth: z.number(),
      expYear: z.number(),
    }),
  ),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

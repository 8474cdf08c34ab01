import { z } from 'zod/mini';
import { LOCALES } from '../locales.ts';

/**
 * GET /api/v1/users/{id}, and the `authUser` of every session answer: the signed-in customer the
 * API returns and the browser stores (SPEC.md section 3).
 */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.nullable(z.string()),
  status: z.number(),
  activated: z.boolean(),
  isVerify: z.boolean(),
  isMainLine: z.boolean(),
  phoneNumber: z.nullable(z.string()),
  type: z.number(),
  subline: z.number(),
  enable: z.boolean(),
  isMNP: z.boolean(),
  cisTypes: z.array(z.string()),
  roadshow: z.boolean(),
  /** The language the customer chose (ADR 0055); null until they choose one. */
  language: z.nullable(z.enum(LOCALES)),
  exp: z.optional(z.number()),
  /**
   * When the session ends at the latest (its absolute limit, seconds): what a device without a network
   * may still be read as signed in until (ADR 0057); `exp` is the access token's.
   */
  sessionExp: z.optional(z.number()),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /api/v1/auth/login, /auth/loginByKyc and /auth/refreshToken: a new session. */
export const sessionResponseSchema = z.object({
  token: z.string(),
  authUser: authUserSchema,
  version: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/v1/auth/verify-password-reset-token: the link's token may still reset the password. */
export const resetTokenCheckSchema = z.object({ valid: z.literal(true) });
export type ResetTokenCheck = z.infer<typeof resetTokenCheckSchema>;

import * as z from 'zod/mini';

/** The session user the API returns and the browser stores (SPEC.md section 3). */
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
  exp: z.optional(z.number()),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const sessionResponseSchema = z.object({
  token: z.string(),
  authUser: authUserSchema,
  version: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

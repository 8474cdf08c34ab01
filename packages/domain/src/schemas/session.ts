import { z } from 'zod';

/** The session user the API returns and the browser stores (SPEC.md section 3). */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  activated: z.boolean(),
  isVerify: z.boolean(),
  isMainLine: z.boolean(),
  phoneNumber: z.string().nullable(),
  type: z.number().int(),
  subline: z.number().int(),
  enable: z.boolean(),
  isMNP: z.boolean(),
  cisTypes: z.array(z.string()),
  roadshow: z.boolean(),
  exp: z.number().int().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const sessionResponseSchema = z.object({
  token: z.string(),
  authUser: authUserSchema,
  version: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Response envelope read by the request layer (SPEC.md section 3 and 7). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    data,
    status: z.number().int(),
    message: z.string(),
    extra_info: z.record(z.string(), z.unknown()),
  });

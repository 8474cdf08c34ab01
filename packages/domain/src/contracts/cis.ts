import { z } from 'zod/mini';

/** A CIS company the customer was found eligible for (in POST /api/v1/cis/checkOTP and /auth/myinfo/personData). */
export const cisCompanySchema = z.object({ code: z.string(), name: z.string() });
export type CisCompany = z.infer<typeof cisCompanySchema>;

/** POST /api/v1/cis/checkOTP: the company whose CIS plans the customer may now order. */
export const cisCheckSchema = z.object({ company: cisCompanySchema });
export type CisCheck = z.infer<typeof cisCheckSchema>;

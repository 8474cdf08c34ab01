import { z } from 'zod/mini';
import { cisCompanySchema } from './cis.ts';

/** GET /api/v1/auth/myinfo/authoriseUrl: the MyInfo page to send the customer to. */
export const myinfoAuthoriseUrlSchema = z.object({ url: z.string() });
export type MyinfoAuthoriseUrl = z.infer<typeof myinfoAuthoriseUrlSchema>;

/** What MyInfo gave for step 3 (`account`, whose `locked` fields it verified) and the registered address. */
const myinfoPrefillSchema = z.object({
  account: z.record(z.string(), z.unknown()),
  locked: z.array(z.string()),
  address: z.nullable(
    z.object({
      postalCode: z.string(),
      blockNumber: z.string(),
      roadName: z.string(),
      building: z.string(),
      unitNumber: z.string(),
    }),
  ),
  retrievedAt: z.string(),
});

/** POST /api/v1/auth/myinfo/personData: the person MyInfo authorised, and the CIS company of their employer. */
export const personDataResultSchema = z.object({
  prefill: myinfoPrefillSchema,
  cis: z.nullable(cisCompanySchema),
});
export type PersonDataResult = z.infer<typeof personDataResultSchema>;

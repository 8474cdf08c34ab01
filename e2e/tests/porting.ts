import type { APIRequestContext } from '@playwright/test';
import { SANDBOX_URL } from '../playwright.config.ts';
import { expect } from './support.ts';

const MNP = `${SANDBOX_URL}/mvne/tmf-api/numberPortability/v1`;
const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key' };

export interface CustomerPort {
  id: string;
  msisdn: string;
  status: string;
  withNetwork: boolean;
  windowStart: string | null;
}

/** The customer's port requests, as the portal's API shows them. */
export const portsOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await (await request.get('/api/v1/numberPorts', { headers })).json()).data as CustomerPort[];

/** What the donor network answers for `msisdn`: a refusal, or null to accept. */
export async function donorAnswers(request: APIRequestContext, msisdn: string, refusal: string | null) {
  const res = await request.put(`${MNP}/donorRecords/${msisdn}`, { headers: MVNE_AUTH, data: { refusal } });
  expect(res.status()).toBe(204);
}

/**
 * Waits until the MVNE has the port of `msisdn`, then has the sandbox MVNE run it now instead of
 * in its window at 11pm. The sandbox clock, which every other test's MVNE and bank read, stays put.
 */
export async function runPortNow(
  request: APIRequestContext,
  headers: Record<string, string>,
  msisdn: string,
) {
  await expect(async () => {
    const port = (await portsOf(request, headers)).find((p) => p.msisdn === msisdn);
    expect(port?.withNetwork).toBe(true);
    const run = await request.post(`${MNP}/portingRuns`, { headers: MVNE_AUTH, data: { msisdn } });
    expect(run.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
}

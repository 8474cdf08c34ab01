import type { MyinfoRef } from '@selfcare/domain/order';
import { call } from '../../../lib/api.ts';

/** Sends the browser to MyInfo; it comes back through /callback to `ref` with a code and the state. */
export async function goToMyinfo(ref: MyinfoRef): Promise<void> {
  const { data } = await call('GET /auth/myinfo/authoriseUrl', { query: { ref } });
  window.location.assign(data.url);
}

/** Reads the person MyInfo authorised into the draft; the employer may make the customer CIS-eligible. */
export const retrievePersonData = (code: string, state: string) =>
  call('POST /auth/myinfo/personData', { body: { code, state } });

import { randomUUID } from 'node:crypto';
import { inject } from './inject.ts';

/**
 * Does in MockPass what a customer does in the browser: signs in to Singpass as `nric` and allows
 * (or denies) the disclosure on MyInfo's consent page. Answers where MyInfo sends the browser back.
 */
export async function consentAtMockPass(authoriseUrl: string, nric: string, decision = 'allow') {
  const base = inject('mockpass').url;
  const hop = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), { ...init, redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`MockPass answered ${res.status} at ${url}`);
    return location;
  };
  // MyInfo's authorise page hands over to the Singpass login, which signs in the chosen person.
  const login = await hop(authoriseUrl);
  const assertion = await hop(login, { headers: { 'X-Custom-NRIC': nric, 'X-Custom-UUID': randomUUID() } });
  const consentPage = await hop(assertion);
  const consent = new URL(consentPage, base);
  const q = consent.searchParams;
  const back = await hop(consent.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `connect.sid=${nric}` },
    body: new URLSearchParams({
      scope: q.get('scope') ?? '',
      state: q.get('state') ?? '',
      client_id: q.get('client_id') ?? '',
      redirect_uri: q.get('redirect_uri') ?? '',
      decision,
    }).toString(),
  });
  return new URL(back);
}

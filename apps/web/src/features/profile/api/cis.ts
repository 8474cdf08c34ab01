import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** The corporate plans the customer's lines may move to now (those of companies they passed). */
export const useCorporatePlans = () =>
  useQuery({
    queryKey: ['plan-changes'],
    queryFn: async () => (await call('GET /plan-changes')).data,
    select: (view) => view.plans.filter((p) => p.corporate),
    staleTime: 0,
  });

/** Sends the browser to Singpass / MyInfo; it comes back through /callback to /profile/checkCIS. */
export async function goToMyinfoForCis(): Promise<void> {
  const { data } = await call('GET /auth/myinfo/checkCIS/authoriseUrl');
  window.location.assign(data.url);
}

/** Checks the employer MyInfo authorised against the scheme companies; passing unlocks their plans. */
export const checkCisByMyinfo = (code: string, state: string) =>
  call('POST /auth/myinfo/checkCIS', { body: { code, state } });

import type { CisCheck } from '@selfcare/domain/contracts/cis';
import type { MyinfoAuthoriseUrl } from '@selfcare/domain/contracts/myinfo';
import type { PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The corporate plans the customer's lines may move to now (those of companies they passed). */
export const useCorporatePlans = () =>
  useQuery({
    queryKey: ['plan-changes'],
    queryFn: async () => (await api.get<PlanChangeView>('/plan-changes')).data,
    select: (view) => view.plans.filter((p) => p.corporate),
    staleTime: 0,
  });

/** Sends the browser to Singpass / MyInfo; it comes back through /callback to /profile/checkCIS. */
export async function goToMyinfoForCis(): Promise<void> {
  const { data } = await api.get<MyinfoAuthoriseUrl>('/auth/myinfo/checkCIS/authoriseUrl');
  window.location.assign(data.url);
}

/** Checks the employer MyInfo authorised against the scheme companies; passing unlocks their plans. */
export const checkCisByMyinfo = (code: string, state: string) =>
  api.post<CisCheck>('/auth/myinfo/checkCIS', { code, state });

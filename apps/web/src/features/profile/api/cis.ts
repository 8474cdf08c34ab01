import type { CisCheck } from '@selfcare/domain/contracts/cis';
import type { PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** CIS checkCIS and checkOTP, as the order wizard calls them. */
export const sendCisCode = (email: string) => api.post<null>('/cis/checkCIS', { email });
export const checkCisCode = (email: string, otp: string) =>
  api.post<CisCheck>('/cis/checkOTP', { email, otp });

/** The corporate plans the customer's lines may move to now (those of companies they passed). */
export const useCorporatePlans = () =>
  useQuery({
    queryKey: ['plan-changes'],
    queryFn: async () => (await api.get<PlanChangeView>('/plan-changes')).data,
    select: (view) => view.plans.filter((p) => p.corporate),
    staleTime: 0,
  });

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

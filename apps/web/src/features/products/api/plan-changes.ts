import type { PlanChange, PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getPlanChanges = async () => (await api.get<PlanChangeView>('/plan-changes')).data;
export const planChangesQuery = () =>
  queryOptions({ queryKey: ['plan-changes'], queryFn: getPlanChanges, staleTime: 0 });
export const usePlanChanges = () => useQuery(planChangesQuery());

export function useSchedulePlanChange() {
  const client = useQueryClient();
  return useMutation({
    // The price is the one the customer saw: refused if the plan's changed since (read again then).
    mutationFn: (input: { lineId: string; planCode: string; priceCents: number }) =>
      api.post<PlanChange>('/plan-changes', input),
    onSettled: () => client.invalidateQueries({ queryKey: ['plan-changes'] }),
  });
}

export function useCancelPlanChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<PlanChange>(`/plan-changes/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['plan-changes'] }),
  });
}

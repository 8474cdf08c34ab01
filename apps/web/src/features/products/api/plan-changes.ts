import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getPlanChanges = async () => (await call('GET /plan-changes')).data;
export const planChangesQuery = () =>
  queryOptions({ queryKey: ['plan-changes'], queryFn: getPlanChanges, staleTime: 0 });
export const usePlanChanges = () => useQuery(planChangesQuery());

export function useSchedulePlanChange() {
  const client = useQueryClient();
  return useMutation({
    // The price is the one the customer saw: refused if the plan's changed since (read again then).
    mutationFn: (input: { lineId: string; planCode: string; priceCents: number }) =>
      call('POST /plan-changes', { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plan-changes'] }),
  });
}

export function useCancelPlanChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /plan-changes/:id', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plan-changes'] }),
  });
}

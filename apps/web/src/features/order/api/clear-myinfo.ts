import type { Draft } from '@selfcare/domain/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const clearMyinfo = async () => (await api.delete<Draft>('/orders/draft/myinfo')).data;

/** Forgets the details MyInfo gave; the draft that comes back replaces the cached one. */
export function useClearMyinfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearMyinfo,
    onSuccess: (draft) => client.setQueryData(['orders', 'draft'], draft),
  });
}

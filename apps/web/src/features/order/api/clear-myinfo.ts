import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const clearMyinfo = async () => (await call('DELETE /orders/draft/myinfo')).data;

/** Forgets the details MyInfo gave; the draft that comes back replaces the cached one. */
export function useClearMyinfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearMyinfo,
    onSuccess: (draft) => client.setQueryData(['orders', 'draft'], draft),
  });
}

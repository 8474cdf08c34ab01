import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const reissueEsim = (id: string) => call('POST /lines/:id/esimProfile', { params: { id } });

/** Issues a new eSIM profile for the line; the old one stops working. */
export function useReissueEsim(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => reissueEsim(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lines'] }),
  });
}

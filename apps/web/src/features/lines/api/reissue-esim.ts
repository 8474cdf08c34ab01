import type { EsimReissue } from '@selfcare/domain/contracts/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const reissueEsim = (id: string) => api.post<EsimReissue>(`/lines/${id}/esimProfile`);

/** Issues a new eSIM profile for the line; the old one stops working. */
export function useReissueEsim(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => reissueEsim(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lines'] }),
  });
}

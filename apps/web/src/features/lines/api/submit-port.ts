import type { PortRequest } from '@selfcare/domain/contracts/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const submitPort = (id: string) => api.post<PortRequest>(`/numberPorts/${id}/submit`);

/** Hands a number porting request to the networks for the next porting window. */
export function useSubmitPort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitPort,
    onSuccess: () => client.invalidateQueries({ queryKey: ['numberPorts'] }),
  });
}

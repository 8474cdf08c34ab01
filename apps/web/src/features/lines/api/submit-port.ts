import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const submitPort = (id: string) => call('POST /numberPorts/:id/submit', { params: { id } });

/** Hands a number porting request to the networks for the next porting window. */
export function useSubmitPort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitPort,
    onSuccess: () => client.invalidateQueries({ queryKey: ['numberPorts'] }),
  });
}

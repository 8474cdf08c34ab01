import type { PortEditInput } from '@selfcare/domain/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const editPort = (id: string, input: PortEditInput) =>
  call('PUT /numberPorts/:id', { params: { id }, body: input });

/** Saves changed details of a number porting request. */
export function useEditPort(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PortEditInput) => editPort(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['numberPorts'] }),
  });
}

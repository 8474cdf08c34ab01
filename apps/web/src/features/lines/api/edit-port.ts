import type { PortRequest } from '@selfcare/domain/contracts/lines';
import type { PortEditInput } from '@selfcare/domain/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const editPort = (id: string, input: PortEditInput) =>
  api.put<PortRequest>(`/numberPorts/${id}`, input);

/** Saves changed details of a number porting request. */
export function useEditPort(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PortEditInput) => editPort(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['numberPorts'] }),
  });
}

import type { Balances } from '@selfcare/domain/contracts/usage';
import type { LineUsagePolicyInput } from '@selfcare/domain/schemas/usage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const setLineOptions = (id: string, options: LineUsagePolicyInput) =>
  call('PUT /usage/lines/:id/options', { params: { id }, body: options });

/**
 * Switches a line's data rollover or its stop at 100%. The answer is the line as saved, which
 * replaces it in every balances answer held, so the switches show what the API kept.
 */
export function useSetLineOptions(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: LineUsagePolicyInput) => setLineOptions(id, options),
    onSuccess: ({ data: line }) =>
      client.setQueriesData<Balances>({ queryKey: ['usage', 'balances'] }, (held) =>
        held ? { ...held, lines: held.lines.map((l) => (l.id === line.id ? line : l)) } : held,
      ),
  });
}

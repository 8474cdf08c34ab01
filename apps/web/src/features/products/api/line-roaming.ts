import type { RoamingView } from '@selfcare/domain/contracts/products';
import type { LineRoamingInput } from '@selfcare/domain/schemas/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['products', 'line-roaming'];

/** Each line's roaming: on or off, its monthly spend cap and this month's charged roaming. */
export const useLineRoaming = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /products/roaming')).data,
    staleTime: 0,
  });

/**
 * Switches a line's roaming on or off, or sets or removes its cap. The answer is the line as saved,
 * which replaces it in the settings held, so the page shows what was kept.
 */
export function useSaveLineRoaming(lineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LineRoamingInput) =>
      call('PUT /products/roaming/:lineId', { params: { lineId }, body: input }),
    onSuccess: ({ data: saved }) =>
      client.setQueryData<RoamingView>(KEY, (held) =>
        held ? { ...held, lines: held.lines.map((l) => (l.lineId === saved.lineId ? saved : l)) } : held,
      ),
  });
}

import type { NumberChangeView } from '@selfcare/domain/contracts/line-services';
import type { NumberChoiceInput, ReinitiatePortInput } from '@selfcare/domain/schemas/line-services';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['number-changes'];

/** The live lines, what a number change costs each, and each line's held, pending or latest change. */
export const useNumberChanges = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /number-changes')).data,
    staleTime: 0,
    // A confirmed change is with the network for a moment: look again until it is done.
    refetchInterval: (q) => (q.state.data?.lines.some((l) => l.change?.state === 'pending') ? 3000 : false),
  });

/** New numbers on offer for a number change, for the shared number picker. */
export const useNumberChoices = (contains: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['number-changes', 'numbers', contains, page],
    queryFn: async () => (await call('GET /number-changes/numbers', { query: { contains, page } })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });

/** Each answer is the whole view as saved: it replaces the one held. */
function useViewChange<I>(send: (input: I) => Promise<{ data: NumberChangeView; message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => client.setQueryData(KEY, data),
  });
}

export const useHoldNumber = (lineId: string) =>
  useViewChange((input: NumberChoiceInput) =>
    call('PUT /number-changes/:lineId/hold', { params: { lineId }, body: input }),
  );

export const useDropHold = (lineId: string) =>
  useViewChange((_: undefined) => call('DELETE /number-changes/:lineId/hold', { params: { lineId } }));

export const useConfirmNumberChange = (lineId: string) =>
  useViewChange((input: NumberChoiceInput) =>
    call('POST /number-changes/:lineId', { params: { lineId }, body: input }),
  );

/** Puts a failed port in again; the number change view and the port list are read again after it. */
export function useReinitiatePort(portId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReinitiatePortInput) =>
      call('POST /number-changes/ports/:id', { params: { id: portId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

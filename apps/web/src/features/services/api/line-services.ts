import type { LineServices } from '@selfcare/domain/contracts/line-services';
import type {
  LineBarringInput,
  SuspendLineInput,
  TerminateInput,
} from '@selfcare/domain/schemas/line-services';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['line-services'];

/** The customer's live lines with their status, suspension and international barring. */
export const useLineServices = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /line-services')).data,
    staleTime: 0,
  });

/** The answer of a change is the line as saved: it replaces the line in the list held. */
function useLineChange<I>(send: (input: I) => Promise<{ data: LineServices; message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data: saved }) =>
      client.setQueryData<LineServices[]>(KEY, (held) =>
        held?.map((l) => (l.lineId === saved.lineId ? saved : l)),
      ),
  });
}

export const useSuspendLine = (lineId: string) =>
  useLineChange((input: SuspendLineInput) =>
    call('POST /line-services/:id/suspension', { params: { id: lineId }, body: input }),
  );

export const useSaveBarring = (lineId: string) =>
  useLineChange((input: LineBarringInput) =>
    call('PUT /line-services/:id/barring', { params: { id: lineId }, body: input }),
  );

const TERMINATIONS = ['terminations'];

/** The live lines with the end scheduled for each, and the dates allowed. */
export const useTerminations = () =>
  useQuery({
    queryKey: TERMINATIONS,
    queryFn: async () => (await call('GET /terminations')).data,
    staleTime: 0,
    // Looks again while an end waits for the network, to say when it is through.
    refetchInterval: (query) => (query.state.data?.awaitingNetwork.length ? 3000 : false),
  });

/** Asks for an end (a line, or the whole account); the lists are read again after it. */
export function useTerminate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TerminateInput) => call('POST /terminations', { body: input }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TERMINATIONS }),
        client.invalidateQueries({ queryKey: KEY }),
      ]),
  });
}

export function useCancelTermination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /terminations/:id', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TERMINATIONS }),
  });
}

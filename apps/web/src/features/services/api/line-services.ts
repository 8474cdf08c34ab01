import type { LineServices } from '@selfcare/domain/contracts/line-services';
import type { LineBarringInput, SuspendLineInput } from '@selfcare/domain/schemas/line-services';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const KEY = ['line-services'];

/** The customer's live lines with their status, suspension and international barring. */
export const useLineServices = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<LineServices[]>('/line-services')).data,
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
    api.post<LineServices>(`/line-services/${encodeURIComponent(lineId)}/suspension`, input),
  );

export const useSaveBarring = (lineId: string) =>
  useLineChange((input: LineBarringInput) =>
    api.put<LineServices>(`/line-services/${encodeURIComponent(lineId)}/barring`, input),
  );

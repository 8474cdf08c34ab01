import type { LostSimView } from '@selfcare/domain/contracts/line-services';
import type { ReportLostSimInput } from '@selfcare/domain/schemas/line-services';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['lost-sims'];

/** Whether a replacement is waiting on the network: the page looks again until it is not. */
const waitingOnNetwork = (view: LostSimView | undefined) =>
  view?.lines.some(
    (l) =>
      l.replacement &&
      (l.replacement.state === 'activating' ||
        (l.replacement.blockedAt === null && l.replacement.state !== 'cancelled')),
  ) ?? false;

/** The live lines, whether each one's SIM may be reported lost now, its cost, and its replacement. */
export const useLostSims = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /lost-sims')).data,
    staleTime: 0,
    refetchInterval: (q) => (waitingOnNetwork(q.state.data) ? 3000 : false),
  });

/** Reports the line's SIM lost; the answer is the whole view as saved. */
export function useReportLostSim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportLostSimInput) => call('POST /lost-sims', { body: input }),
    onSuccess: ({ data }) => client.setQueryData(KEY, data),
  });
}

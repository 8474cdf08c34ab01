import type { LineDetail } from '@selfcare/domain/contracts/lines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getLine = async (id: string) => (await api.get<LineDetail>(`/lines/${id}`)).data;
export const lineQuery = (id: string) =>
  queryOptions({
    queryKey: ['lines', id],
    queryFn: () => getLine(id),
    // A new profile is released within seconds of a re-issue: look again until it is there.
    refetchInterval: (q) => (q.state.data?.esim?.pending ? 2000 : false),
  });
export const useLine = (id: string) => useQuery(lineQuery(id));

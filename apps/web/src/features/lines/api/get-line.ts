import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getLine = async (id: string) => (await call('GET /lines/:id', { params: { id } })).data;
export const lineQuery = (id: string) =>
  queryOptions({
    queryKey: ['lines', id],
    queryFn: () => getLine(id),
    // A new profile is released within seconds of a re-issue: look again until it is there.
    refetchInterval: (q) => (q.state.data?.esim?.pending ? 2000 : false),
  });
export const useLine = (id: string) => useQuery(lineQuery(id));

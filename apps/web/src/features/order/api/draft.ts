import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getDraft = async () => (await call('GET /orders/draft')).data;
/** The server keeps the draft, so a refresh or a return the next day resumes where the customer was. */
export const draftQuery = () =>
  queryOptions({ queryKey: ['orders', 'draft'], queryFn: getDraft, staleTime: 0 });
export const useDraft = () => useQuery(draftQuery());

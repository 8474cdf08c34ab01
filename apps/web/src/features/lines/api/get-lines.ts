import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getLines = async () => (await call('GET /lines')).data;
export const linesQuery = () => queryOptions({ queryKey: ['lines'], queryFn: getLines });
export const useLines = () => useQuery(linesQuery());

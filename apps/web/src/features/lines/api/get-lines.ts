import type { Line } from '@selfcare/domain/contracts/lines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getLines = async () => (await api.get<Line[]>('/lines')).data;
export const linesQuery = () => queryOptions({ queryKey: ['lines'], queryFn: getLines });
export const useLines = () => useQuery(linesQuery());

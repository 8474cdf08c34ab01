import type { Balances } from '@selfcare/domain/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getBalances = async () => (await api.get<Balances>('/usage/balances')).data;
export const balancesQuery = () => queryOptions({ queryKey: ['usage', 'balances'], queryFn: getBalances });
/** The lines the user may see, with their buckets as the network last gave them. */
export const useBalances = () => useQuery(balancesQuery());

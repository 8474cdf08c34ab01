import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getAccount = async () => (await call('GET /account')).data;
/** Fresh on every visit: status and lines change through orders and activation. */
export const accountQuery = () => queryOptions({ queryKey: ['account'], queryFn: getAccount, staleTime: 0 });
export const useAccount = () => useQuery(accountQuery());

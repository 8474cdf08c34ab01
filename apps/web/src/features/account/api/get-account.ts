import type { AuthUser } from '@selfcare/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface AccountSummary {
  user: AuthUser;
  memberSince: string;
  sublines: { id: string; name: string; phoneNumber: string | null; activated: boolean }[];
}

export const getAccount = async () => (await api.get<AccountSummary>('/account')).data;
export const accountQuery = () => queryOptions({ queryKey: ['account'], queryFn: getAccount });
export const useAccount = () => useQuery(accountQuery());

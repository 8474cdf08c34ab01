import type { AuthUser, OrderStatus } from '@selfcare/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderOutcome } from '../../../components/ui/order-outcome.tsx';
import { api } from '../../../lib/api.ts';

export interface AccountSummary {
  user: AuthUser;
  memberSince: string;
  sublines: { id: string; name: string; phoneNumber: string | null; activated: boolean }[];
  orders: { id: string; orderNumber: string; createdAt: string; totalCents: number; status: OrderStatus }[];
  /** The newest order's progress, oldest step first. */
  latestTimeline: { at: string; text: string }[];
  /** The newest order's milestones, what the customer must do next and the admin-fee deadline. */
  progress: {
    steps: { key: string; done: boolean }[];
    ended: boolean;
    next: string[];
    adminFee: { amountCents: number; charged: boolean; deadline: string | null };
  } | null;
  /** The newest order when it did not go ahead: why, and its refund. */
  latestOutcome: OrderOutcome | null;
}

export const getAccount = async () => (await api.get<AccountSummary>('/account')).data;
/** Fresh on every visit: status and lines change through orders and activation. */
export const accountQuery = () => queryOptions({ queryKey: ['account'], queryFn: getAccount, staleTime: 0 });
export const useAccount = () => useQuery(accountQuery());

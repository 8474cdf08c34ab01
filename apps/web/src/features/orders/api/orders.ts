import type { OrderStatus } from '@selfcare/domain';
import type { Quote } from '@selfcare/domain/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderOutcome } from '../../../components/ui/order-outcome.tsx';
import { api } from '../../../lib/api.ts';

export interface OrderAddress {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building?: string | null;
  unitNumber?: string | null;
}
export interface OrderSummary {
  id: string;
  orderNumber: string;
  createdAt: string;
  totalCents: number;
  status: OrderStatus;
}
export interface OrderDetail extends OrderSummary {
  dueNowCents: number;
  typeSim: number;
  deliveryMethod: number | null;
  deliveryDate: string | null;
  deliveryAddress: OrderAddress | null;
  billingAddress: OrderAddress;
  quote: Quote;
  lines: {
    position: number;
    label: string;
    planName: string;
    addonCodes: string[];
    numberType: string;
    msisdn: string;
  }[];
  timeline: { at: string; text: string }[];
  /** Why a rejected or cancelled order did not go ahead, and its refund; null otherwise. */
  outcome: OrderOutcome | null;
}

export const getOrders = async () => (await api.get<OrderSummary[]>('/orders')).data;
export const ordersQuery = () =>
  queryOptions({ queryKey: ['orders', 'list'], queryFn: getOrders, staleTime: 0 });
export const useOrders = () => useQuery(ordersQuery());

export const getOrder = async (id: string) => (await api.get<OrderDetail>(`/orders/${id}`)).data;
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['orders', 'detail', id], queryFn: () => getOrder(id), staleTime: 0 });
export const useOrder = (id: string) => useQuery(orderQuery(id));

import type { OrderStatus } from '@selfcare/domain';
import type { Quote } from '@selfcare/domain/order';
import type { OrderOutcome } from '../../../components/ui/order-outcome.tsx';

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

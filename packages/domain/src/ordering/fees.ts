import { DeliveryMethod } from '../enums.ts';

/**
 * The fees of SPEC.md section 9, in cents, GST included. An operator sets them in configuration; the
 * module that charges each declares its setting (ADR 0048), and a fee added since arrives under its own
 * name.
 */
export interface Fees {
  newNumberCents: number;
  homeDeliveryCents: number;
  adminCents: number;
  simReplacementCents: number;
  overdueNoticeCents: number;
  /** A live line's change to another number (not in the spec's list; ADR 0028). */
  numberChangeCents: number;
  gstPercent: number;
  [fee: string]: number;
}

export const DEFAULT_FEES: Fees = {
  newNumberCents: 2200,
  homeDeliveryCents: 550,
  adminCents: 1300,
  simReplacementCents: 550,
  overdueNoticeCents: 1000,
  numberChangeCents: 2200,
  gstPercent: 9,
};

/** Home delivery is charged; postal mail, self-collection, eSIM ID verification and other are free. */
export function deliveryFeeCents(method: DeliveryMethod, fees: Fees): number {
  return method === DeliveryMethod.HomeDelivery ? fees.homeDeliveryCents : 0;
}

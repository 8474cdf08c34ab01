import { checkOrderDone } from './errors.ts';
import type { MvneTransport } from './transport.ts';

export interface MvneOrderLine {
  id: string;
  planCode: string;
  msisdn: string;
  simType: 'physical' | 'eSIM';
  portInDonor: string | null;
}

export interface MvneOrder {
  id: string;
  externalId: string;
  state: string;
}

/** A change to a live line's products, as a TMF622 order item. */
export interface MvneProductChange {
  action: 'add' | 'modify' | 'delete';
  /** The MVNE's product (modify, delete). */
  productId?: string;
  /** The catalog code (add). */
  offering?: string;
  serviceIds?: string[];
  startDate?: Date;
  terminationDate?: Date | null;
}

/** A product on live services as the MVNE's product inventory (TMF637) gives it. */
export interface MvneProduct {
  id: string;
  status: 'active' | 'pendingTerminate' | 'terminated';
  startDate: string;
  terminationDate: string | null;
}

/** TMF622 (product ordering): a new order's lines, and change orders on live services' products. */
export class MvneProductOrdering {
  constructor(private readonly transport: MvneTransport) {}

  /** Places the order; `externalId` (our order id) makes a repeat return the first order. */
  async createOrder(input: {
    externalId: string;
    customerRef: string;
    reservationId: string | null;
    lines: MvneOrderLine[];
  }): Promise<MvneOrder> {
    const { data } = await this.transport.call<MvneOrder>(
      'POST',
      '/productOrderingManagement/v4/productOrder',
      {
        externalId: input.externalId,
        relatedParty: [{ id: input.customerRef, role: 'customer' }],
        relatedEntity: input.reservationId ? [{ id: input.reservationId, role: 'numberReservation' }] : [],
        productOrderItem: input.lines.map((l) => ({
          id: l.id,
          action: 'add',
          product: {
            productSpecification: { id: l.planCode },
            productCharacteristic: [
              { name: 'MSISDN', value: l.msisdn },
              { name: 'simType', value: l.simType },
              ...(l.portInDonor ? [{ name: 'portInDonor', value: l.portInDonor }] : []),
            ],
          },
        })),
      },
    );
    return { id: data.id, externalId: data.externalId, state: data.state };
  }

  /**
   * TMF622: a change order on live services (ADR 0024): add a product to the lines it serves, change
   * those lines, or end it (now or on `terminationDate`). The same `externalId` again answers the
   * first order and changes nothing, so an order the MVNE has not finished is asked about again.
   */
  async orderProductChange(externalId: string, customerRef: string, item: MvneProductChange) {
    const { data } = await this.transport.call<{
      state: string;
      productOrderItem: { product: MvneProduct }[];
    }>('POST', '/productOrderingManagement/v4/productOrder', {
      externalId,
      relatedParty: [{ id: customerRef, role: 'customer' }],
      productOrderItem: [
        {
          id: '1',
          action: item.action,
          product: {
            ...(item.productId ? { id: item.productId } : {}),
            ...(item.offering ? { productOffering: { id: item.offering } } : {}),
            ...(item.serviceIds ? { realizingService: item.serviceIds.map((id) => ({ id })) } : {}),
            ...(item.startDate ? { startDate: item.startDate.toISOString() } : {}),
            ...(item.terminationDate ? { terminationDate: item.terminationDate.toISOString() } : {}),
          },
        },
      ],
    });
    const product = data.productOrderItem[0]?.product;
    checkOrderDone(externalId, data.state, !!product?.id);
    return product as MvneProduct;
  }
}

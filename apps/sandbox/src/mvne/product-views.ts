import { type LineProduct, offeringOf, productStatus } from './usage/product-book.ts';

export const PIM = '/mvne/tmf-api/productInventory/v4';

/**
 * A product on live services as TMF637 product inventory gives it (and a change order's items
 * show it): its status on the sandbox clock at `now`, the offering it is, the services realizing it,
 * and its start and end (null while it runs on).
 */
export const toProduct = (p: LineProduct, now: number) => ({
  id: p.id,
  href: `${PIM}/product/${p.id}`,
  externalId: p.externalId,
  status: productStatus(p, now),
  productOffering: { id: p.code, name: offeringOf(p).name },
  realizingService: p.services.map((s) => ({ id: s.id })),
  startDate: p.startDate,
  terminationDate: p.terminationDate,
});

const ref = { type: 'object', properties: { id: { type: 'string' } } } as const;

export const productProperties = {
  id: { type: 'string' },
  href: { type: 'string' },
  externalId: { type: 'string' },
  status: { type: 'string', enum: ['active', 'pendingTerminate', 'terminated'] },
  productOffering: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
  realizingService: { type: 'array', items: ref },
  startDate: { type: 'string' },
  terminationDate: { type: ['string', 'null'] },
} as const;

export const productSchema = { type: 'object', properties: productProperties } as const;

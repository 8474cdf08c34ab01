import { randomUUID } from 'node:crypto';
import { MvneConflict, type ProductChange, type Subscription } from './records.ts';
import type { UsageNetwork } from './usage/network.ts';
import { type LineProduct, productStatus } from './usage/product-book.ts';
import { MVNE_PRODUCTS } from './usage/products.ts';

/** One item of an order changing products on live services, as the operator sent it. */
export interface ProductChangeRequest {
  id: string;
  action: 'add' | 'modify' | 'delete';
  /** The product a modify or delete is about. */
  productId?: string;
  /** The offering an add puts on the line (a code of MVNE_PRODUCTS). */
  offering?: string;
  /** add: the service it is for (several for a shareable product); modify: the services from now on. */
  services?: string[];
  /** add: when it starts; the moment of the order when absent or earlier. */
  startDate?: string;
  /** add: when it ends (none when absent); delete: when it ends, the moment of the order at the earliest. */
  terminationDate?: string;
}

export interface ProductChangeContext {
  usage: UsageNetwork;
  /** A service by id, throwing MvneNotFound for one the MVNE does not know. */
  subscription(id: string): Subscription;
  orderId: string;
  externalId: string;
  /** The moment of the order, on the sandbox clock. */
  now: number;
}

/**
 * Checks every item of an order changing products on live services, then applies them all, so an
 * order is taken whole or not at all. An unknown offering or product, a non-shareable product for
 * more than one service or a change to the services of one are unprocessable (RangeError); a
 * service that is not active, or a product already terminated, conflicts (MvneConflict); an unknown
 * service is not found. Usage already rated is never rated again, so a start or end in the past is
 * taken as the moment of the order.
 */
export function applyProductChanges(
  items: ProductChangeRequest[],
  ctx: ProductChangeContext,
): ProductChange[] {
  const taken = new Map<string, number>();
  const steps = items.map((item) => check(item, ctx, taken));
  return steps.map((apply) => apply());
}

function check(
  item: ProductChangeRequest,
  ctx: ProductChangeContext,
  taken: Map<string, number>,
): () => ProductChange {
  const done = (p: LineProduct): ProductChange => ({ id: item.id, action: item.action, productId: p.id });
  const services = [...new Set(item.services ?? [])];
  if (item.action === 'add') {
    const offering = item.offering ? MVNE_PRODUCTS[item.offering] : undefined;
    if (!offering) throw new RangeError(`item ${item.id}: no product offering ${item.offering ?? ''}`);
    if (!services.length) throw new RangeError(`item ${item.id}: a product needs the service it is for`);
    if (!offering.shareable && services.length > 1)
      throw new RangeError(`item ${item.id}: ${item.offering} is for one service, not ${services.length}`);
    for (const id of services) live(ctx, id);
    makeRoom(ctx, taken, services);
    const start = Math.max(ctx.now, date(item, item.startDate) ?? ctx.now);
    const end = date(item, item.terminationDate);
    if (end !== null && end <= start)
      throw new RangeError(`item ${item.id}: terminationDate must be after the product starts`);
    const code = item.offering as string;
    return () =>
      done(
        ctx.usage.addProduct({
          id: randomUUID(),
          code,
          externalId: ctx.externalId,
          orderId: ctx.orderId,
          services,
          start,
          end,
        }),
      );
  }
  const p = item.productId ? ctx.usage.product(item.productId) : undefined;
  if (!p) throw new RangeError(`item ${item.id}: no product ${item.productId ?? ''}`);
  if (productStatus(p, ctx.now) === 'terminated') throw new MvneConflict(`product ${p.id} is terminated`);
  if (item.action === 'modify') {
    if (!MVNE_PRODUCTS[p.code]?.shareable)
      throw new RangeError(`item ${item.id}: ${p.code} is not shareable, so its service cannot change`);
    if (!services.length) throw new RangeError(`item ${item.id}: a modify names the services to share it`);
    const added = services.filter((id) => !p.services.some((s) => s.id === id));
    for (const id of services) ctx.subscription(id);
    for (const id of added) live(ctx, id);
    makeRoom(ctx, taken, added);
    return () => {
      ctx.usage.setProductServices(p, services, ctx.now);
      return done(p);
    };
  }
  const at = Math.max(ctx.now, date(item, item.terminationDate) ?? ctx.now);
  return () => {
    ctx.usage.terminateProduct(p, at);
    return done(p);
  };
}

/** A product goes on active services only. */
function live(ctx: ProductChangeContext, id: string) {
  const x = ctx.subscription(id);
  if (x.state !== 'active') throw new MvneConflict(`service ${id} is ${x.state}`);
}

/** Counts the products this order gives each service against what its records can name. */
function makeRoom(ctx: ProductChangeContext, taken: Map<string, number>, services: string[]) {
  for (const id of services) {
    const n = (taken.get(id) ?? 0) + 1;
    if (n > ctx.usage.productsLeft(id))
      throw new MvneConflict(`service ${id} has had the most products it can have`);
    taken.set(id, n);
  }
}

function date(item: ProductChangeRequest, value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`item ${item.id}: ${value} is not a date`);
  return ms;
}

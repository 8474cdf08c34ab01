import type { ProductsView } from '@selfcare/domain/contracts/products';
import type { ProductKind } from '@selfcare/domain/products';
import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getProducts = async (kind: ProductKind) =>
  (await call('GET /products', { query: { kind } })).data;
export const productsQuery = (kind: ProductKind) =>
  queryOptions({ queryKey: ['products', kind], queryFn: () => getProducts(kind), staleTime: 0 });

/**
 * Subscribes a line to a product. The key is made once per confirmation, so a second click or a
 * retry of the same confirmation is the same subscription. The price is the one the customer saw:
 * the API refuses it if the catalog's changed since, and the catalog read again shows the new one.
 */
export function useSubscribe(kind: ProductKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      code: string;
      lineId: string;
      lineIds?: string[];
      requestKey: string;
      priceCents: number;
      startDate?: string;
    }) => call('POST /products', { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['products', kind] }),
  });
}

export function useUnsubscribe(kind: ProductKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /products/:id', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['products', kind] }),
  });
}

/** Asked again every few seconds while any product shown is being set up. */
const whilePending = (data: ProductsView | undefined) =>
  data?.products.some((p) => p.state === 'pending') ? 3000 : false;

/** What the lines have of several kinds at once (boosters or add-ons, and lite top-ups), as one view. */
export interface CombinedProducts {
  isPending: boolean;
  error: Error | null;
  data: ProductsView | undefined;
}

export function useProductsOf(kinds: readonly ProductKind[]): CombinedProducts {
  return useQueries({
    queries: kinds.map((kind) => ({
      ...productsQuery(kind),
      refetchInterval: (q: { state: { data?: ProductsView } }) => whilePending(q.state.data),
    })),
    combine: (results) => {
      const error = results.find((r) => r.error)?.error ?? null;
      const views = results.map((r) => r.data).filter((v): v is ProductsView => !!v);
      const [first] = views;
      // Each view's own kind only, so that no product is listed twice whatever a view carries.
      const own = <T extends { kind: ProductKind }>(items: (v: ProductsView) => readonly T[]) =>
        views.flatMap((v, i) => items(v).filter((p) => p.kind === kinds[i]));
      return {
        isPending: results.some((r) => r.isPending),
        error,
        data:
          first && views.length === results.length
            ? { ...first, catalog: own((v) => v.catalog), products: own((v) => v.products) }
            : undefined,
      };
    },
  });
}

/** Changes the lines a shareable product serves; a monthly booster's once a month. */
export function useChangeLines(kind: ProductKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lineIds }: { id: string; lineIds: string[] }) =>
      call('PUT /products/:id/lines', { params: { id }, body: { lineIds } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['products', kind] }),
  });
}

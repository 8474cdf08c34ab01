import type { LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import type { ProductKind } from '@selfcare/domain/products';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getProducts = async (kind: ProductKind) =>
  (await api.get<ProductsView>('/products', { kind })).data;
export const productsQuery = (kind: ProductKind) =>
  queryOptions({ queryKey: ['products', kind], queryFn: () => getProducts(kind), staleTime: 0 });

/** What the lines have of a kind; while a purchase is being set up, asked again every few seconds. */
export const useProducts = (kind: ProductKind) =>
  useQuery({
    ...productsQuery(kind),
    refetchInterval: (q) => (q.state.data?.products.some((p) => p.state === 'pending') ? 3000 : false),
  });

/**
 * Subscribes a line to a product. The key is made once per confirmation, so a second click or a
 * retry of the same confirmation is the same subscription.
 */
export function useSubscribe(kind: ProductKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; lineId: string; lineIds?: string[]; requestKey: string }) =>
      api.post<LineProduct>('/products', input),
    onSettled: () => client.invalidateQueries({ queryKey: ['products', kind] }),
  });
}

export function useUnsubscribe(kind: ProductKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<LineProduct>(`/products/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['products', kind] }),
  });
}

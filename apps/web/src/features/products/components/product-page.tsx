import type { RouteDef } from '@selfcare/domain';
import type { ProductsView } from '@selfcare/domain/contracts/products';
import type { ProductKind } from '@selfcare/domain/products';
import type { ReactNode } from 'react';
import { useProductsOf } from '../api/products.ts';
import { LoadedPage } from './loaded-page.tsx';

/** A product page: its title, then what the lines have and may have of `kinds` once it has loaded. */
export function ProductPage({
  route,
  kinds,
  children,
}: {
  route: RouteDef;
  kinds: readonly ProductKind[];
  children: (view: ProductsView) => ReactNode;
}) {
  return (
    <LoadedPage route={route} read={useProductsOf(kinds)}>
      {children}
    </LoadedPage>
  );
}

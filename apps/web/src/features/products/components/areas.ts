import { pathFor } from '@selfcare/domain';
import type { ProductKind } from '@selfcare/domain/products';

/** The two families of pages of one-time and shareable products: boosters, and roaming packs. */
export type ProductArea = 'booster' | 'roaming';

/** What each family's pages show: boosters with lite top-ups, and roaming packs. */
export const AREA_KINDS: Record<ProductArea, readonly ProductKind[]> = {
  booster: ['booster', 'top-up'],
  roaming: ['roaming-pack'],
};

/** Where a product's details are, and where the lines it serves are changed. */
export const detailPath = (area: ProductArea, id: string) =>
  pathFor(area === 'booster' ? 'boosterEdit' : 'roamingEdit', { id });
export const linesPath = (area: ProductArea, id: string) =>
  pathFor(area === 'booster' ? 'boosterEditShareable' : 'roamingEditShareable', { id });
/** The page listing the family's products. */
export const listPath = (area: ProductArea) => pathFor(area);

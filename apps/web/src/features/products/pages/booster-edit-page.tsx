import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { ProductDetailPage } from '../components/product-detail.tsx';
import { productsEn } from '../locales.ts';

addResources('en', 'products', productsEn);

/** /manage/booster/:id/edit: one booster or lite top-up in detail; a monthly one may be removed. */
export default function BoosterEditPage({ route }: { route: RouteDef }) {
  return <ProductDetailPage route={route} area="booster" />;
}

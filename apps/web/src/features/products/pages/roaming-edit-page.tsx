import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { ProductDetailPage } from '../components/product-detail.tsx';
import { productsEn } from '../locales.ts';

addResources('en', 'products', productsEn);

/** /manage/roaming/:id/edit: one roaming pack in detail, with its countries and validity. */
export default function RoamingEditPage({ route }: { route: RouteDef }) {
  return <ProductDetailPage route={route} area="roaming" />;
}

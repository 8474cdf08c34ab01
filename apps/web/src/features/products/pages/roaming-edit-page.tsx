import type { RouteDef } from '@selfcare/domain';
import { ProductDetailPage } from '../components/product-detail.tsx';
import '../texts.ts';

/** /manage/roaming/:id/edit: one roaming pack in detail, with its countries and validity. */
export default function RoamingEditPage({ route }: { route: RouteDef }) {
  return <ProductDetailPage route={route} area="roaming" />;
}

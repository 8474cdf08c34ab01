import type { RouteDef } from '@selfcare/domain';
import { ProductDetailPage } from '../components/product-detail.tsx';
import '../texts.ts';

/** /manage/booster/:id/edit: one booster or lite top-up in detail; a monthly one may be removed. */
export default function BoosterEditPage({ route }: { route: RouteDef }) {
  return <ProductDetailPage route={route} area="booster" />;
}

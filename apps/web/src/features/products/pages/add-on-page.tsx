import type { RouteDef } from '@selfcare/domain';
import { MonthlyProductsPage } from '../components/monthly-products.tsx';
import '../texts.ts';

/** /manage/addOn: each line's monthly add-ons, subscribe and unsubscribe. */
export default function AddOnPage({ route }: { route: RouteDef }) {
  return <MonthlyProductsPage route={route} kind="addon" />;
}

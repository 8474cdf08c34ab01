import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { MonthlyProductsPage } from '../components/monthly-products.tsx';
import { productsEn } from '../locales.ts';

addResources('en', 'products', productsEn);

/** /manage/addOn: each line's monthly add-ons, subscribe and unsubscribe. */
export default function AddOnPage({ route }: { route: RouteDef }) {
  return <MonthlyProductsPage route={route} kind="addon" />;
}

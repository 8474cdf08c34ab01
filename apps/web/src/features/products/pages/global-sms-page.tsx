import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { MonthlyProductsPage } from '../components/monthly-products.tsx';
import { productsEn } from '../locales.ts';

addResources('en', 'products', productsEn);

/** /manage/globalSMS (IDD): each line's IDD services, subscribe and unsubscribe. */
export default function GlobalSmsPage({ route }: { route: RouteDef }) {
  return <MonthlyProductsPage route={route} kind="idd" />;
}

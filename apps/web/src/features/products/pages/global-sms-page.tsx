import type { RouteDef } from '@selfcare/domain';
import { MonthlyProductsPage } from '../components/monthly-products.tsx';
import '../texts.ts';

/** /manage/globalSMS (IDD): each line's IDD services, subscribe and unsubscribe. */
export default function GlobalSmsPage({ route }: { route: RouteDef }) {
  return <MonthlyProductsPage route={route} kind="idd" />;
}

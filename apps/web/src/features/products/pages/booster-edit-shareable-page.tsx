import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { EditLinesPage } from '../components/edit-lines.tsx';
import { productsEn } from '../locales.ts';

addResources('en', 'products', productsEn);

/** /manage/booster/:id/editShareable: the lines a shareable booster serves. */
export default function BoosterEditShareablePage({ route }: { route: RouteDef }) {
  return <EditLinesPage route={route} area="booster" />;
}

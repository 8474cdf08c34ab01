import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { EditLinesPage } from '../components/edit-lines.tsx';
import { productsEn } from '../locales.ts';

addResources('en', 'products', productsEn);

/** /manage/roaming/:id/editShareable: the lines a shareable roaming pack serves. */
export default function RoamingEditShareablePage({ route }: { route: RouteDef }) {
  return <EditLinesPage route={route} area="roaming" />;
}

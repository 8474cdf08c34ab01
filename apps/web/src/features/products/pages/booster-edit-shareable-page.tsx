import type { RouteDef } from '@selfcare/domain';
import { EditLinesPage } from '../components/edit-lines.tsx';
import '../texts.ts';

/** /manage/booster/:id/editShareable: the lines a shareable booster serves. */
export default function BoosterEditShareablePage({ route }: { route: RouteDef }) {
  return <EditLinesPage route={route} area="booster" />;
}

import type { RouteDef } from '@selfcare/domain';
import { EditLinesPage } from '../components/edit-lines.tsx';
import '../texts.ts';

/** /manage/roaming/:id/editShareable: the lines a shareable roaming pack serves. */
export default function RoamingEditShareablePage({ route }: { route: RouteDef }) {
  return <EditLinesPage route={route} area="roaming" />;
}

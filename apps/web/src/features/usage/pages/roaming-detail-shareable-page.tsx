import type { RouteDef } from '@selfcare/domain';
import { RoamingBucketDetail } from '../components/roaming-bucket-detail.tsx';
import '../texts.ts';

/** /dashboard/roamingUsage/{id}/detailShareable: a roaming bundle the lines share, its use and every line's records from it. */
export default function RoamingDetailShareablePage({ route }: { route: RouteDef }) {
  return <RoamingBucketDetail route={route} />;
}

import type { RouteDef } from '@selfcare/domain';
import { RoamingBucketDetail } from '../components/roaming-bucket-detail.tsx';
import '../texts.ts';

/** /dashboard/roamingUsage/{id}/detail: a roaming bundle of one line, its use and its records. */
export default function RoamingDetailPage({ route }: { route: RouteDef }) {
  return <RoamingBucketDetail route={route} />;
}

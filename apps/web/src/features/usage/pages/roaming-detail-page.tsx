import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { RoamingBucketDetail } from '../components/roaming-bucket-detail.tsx';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

/** /dashboard/roamingUsage/{id}/detail: a roaming bundle of one line, its use and its records. */
export default function RoamingDetailPage({ route }: { route: RouteDef }) {
  return <RoamingBucketDetail route={route} />;
}

import type { RouteDef } from '@selfcare/domain';
import { addResources } from '../../../lib/i18n.ts';
import { RoamingBucketDetail } from '../components/roaming-bucket-detail.tsx';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

/** /dashboard/roamingUsage/{id}/detailShareable: a roaming bundle the lines share, its use and every line's records from it. */
export default function RoamingDetailShareablePage({ route }: { route: RouteDef }) {
  return <RoamingBucketDetail route={route} />;
}

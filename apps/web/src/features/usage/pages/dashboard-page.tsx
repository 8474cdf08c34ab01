import { pathFor, type RouteDef } from '@selfcare/domain';
import { Navigate } from '../../../lib/router.tsx';

/** /dashboard: the dashboard opens on local usage. */
export default function DashboardPage(_: { route: RouteDef }) {
  return <Navigate to={pathFor('local')} replace />;
}

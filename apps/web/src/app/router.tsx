import { matchRoute, pathFor, type RouteDef } from '@selfcare/domain';
import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useRef } from 'react';
import { Navigate, useLocation } from '../lib/router.tsx';
import { RouteGate } from './route-gate.tsx';
import { Layout } from './shell/layout.tsx';

type Page = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

/** Each page is its own chunk, loaded only when its route opens. */
const PAGES: Record<string, Page> = {
  login: lazy(() => import('../features/auth/pages/login-page.tsx')),
  forgotPassword: lazy(() => import('../features/auth/pages/forgot-password-page.tsx')),
  resetPassword: lazy(() => import('../features/auth/pages/reset-password-page.tsx')),
  confirmEmail: lazy(() => import('../features/auth/pages/confirm-email-page.tsx')),
  dashboard: lazy(() => import('../features/auth/pages/verify-account-page.tsx')),
  myAccount: lazy(() => import('../features/account/pages/my-account-page.tsx')),
  orders: lazy(() => import('../features/orders/pages/orders-page.tsx')),
  orderDetail: lazy(() => import('../features/orders/pages/order-detail-page.tsx')),
  uploadID: lazy(() => import('../features/order/pages/upload-id-page.tsx')),
  getStarted: lazy(() => import('../features/order/pages/get-started-page.tsx')),
  getStartedNoBill: lazy(() => import('../features/order/pages/get-started-page.tsx')),
  callback: lazy(() => import('./callback-page.tsx')),
  activeSimOnline: lazy(() => import('../features/activation/pages/active-sim-online-page.tsx')),
  simManagement: lazy(() => import('../features/lines/pages/sim-management-page.tsx')),
  simManagementDetail: lazy(() => import('../features/lines/pages/sim-detail-page.tsx')),
  numberPort: lazy(() => import('../features/lines/pages/number-port-page.tsx')),
  numberPortEdit: lazy(() => import('../features/lines/pages/number-port-edit-page.tsx')),
};
const unavailable: Page = lazy(() => import('./unavailable-page.tsx'));

/** Renders the route the location matches; unknown paths go to '/'. */
export function App() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  const first = useRef(true);

  // After an in-app navigation, focus moves to the new page so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <Layout route={route}>
      {route ? (
        <RouteGate key={route.name} route={route} page={PAGES[route.name] ?? unavailable} />
      ) : (
        <Navigate to={pathFor('dashboard')} replace />
      )}
    </Layout>
  );
}

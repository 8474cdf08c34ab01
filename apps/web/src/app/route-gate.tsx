import { CLEARS_LOGIN, decideNavigation, pathFor, type RouteDef } from '@selfcare/domain';
import { Suspense, useEffect, useRef } from 'react';
import { logout } from '../features/auth/api/logout.ts';
import { useTranslation } from '../lib/i18n.ts';
import type { Page as LazyPage } from '../lib/pages.ts';
import { pageTitle } from '../lib/route-texts.ts';
import { Navigate, useLocation } from '../lib/router.tsx';
import { session, useSession } from '../lib/session.ts';
import { NoAccessPage } from './no-access-page.tsx';
import { FullScreenLoader } from './shell/full-screen-loader.tsx';

/**
 * Applies the access rules of SPEC.md sections 4 and 6 to one route, sets the browser title from the
 * route table, and renders the route's page once it is allowed.
 */
export function RouteGate({ route, page: Page }: { route: RouteDef; page: LazyPage }) {
  const { user, ready } = useSession();
  const location = useLocation();
  const clearsLogin = CLEARS_LOGIN.has(route.name);
  const cleared = useRef(false);

  const { language } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title is written again in a new language.
  useEffect(() => {
    document.title = pageTitle(route);
  }, [route, language]);

  // confirmEmail, resetPassword and forgotPassword start from a clean slate: any stored login ends.
  useEffect(() => {
    if (clearsLogin && !cleared.current && session.get().user) {
      cleared.current = true;
      void logout().catch(() => {});
      session.clear();
    }
  }, [clearsLogin]);

  if (!ready) return <FullScreenLoader />;
  const decision = decideNavigation(clearsLogin ? null : user, route);
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'login':
      return (
        <Navigate to={pathFor('login')} replace state={{ from: `${location.pathname}${location.search}` }} />
      );
    case 'noAccess':
      return <NoAccessPage />;
    case 'allow':
      return (
        <Suspense fallback={<FullScreenLoader />}>
          <Page route={route} />
        </Suspense>
      );
  }
}

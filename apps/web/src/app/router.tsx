import { matchRoute, pathFor } from '@selfcare/domain';
import { useEffect, useRef } from 'react';
import { lazy } from '../lib/lazy.ts';
import { mergePages, type Page } from '../lib/pages.ts';
import { Navigate, useLocation } from '../lib/router.tsx';
import * as features from './features.ts';
import { RouteGate } from './route-gate.tsx';
import { Layout } from './shell/layout.tsx';

/** Every page is its own chunk, loaded only when its route opens; the portal's own pages join the features'. */
const PAGES = mergePages([
  ...Object.values(features),
  { callback: lazy(() => import('./callback-page.tsx')) },
]);
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

import { ROUTES, type RouteDef } from '@selfcare/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteGate } from './route-gate.tsx';
import { RenderFailure } from './shell/error-boundary.tsx';
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
  callback: lazy(() => import('./callback-page.tsx')),
};
const unavailable: Page = lazy(() => import('./unavailable-page.tsx'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RenderFailure />,
    children: [
      ...(ROUTES as readonly RouteDef[]).map((route) => ({
        path: route.prefix ? `${route.path}/*` : route.path,
        element: <RouteGate key={route.name} route={route} page={PAGES[route.name] ?? unavailable} />,
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

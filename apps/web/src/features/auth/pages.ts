import { lazy } from '../../lib/lazy.ts';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  login: lazy(() => import('./pages/login-page.tsx')),
  forgotPassword: lazy(() => import('./pages/forgot-password-page.tsx')),
  resetPassword: lazy(() => import('./pages/reset-password-page.tsx')),
  confirmEmail: lazy(() => import('./pages/confirm-email-page.tsx')),
  dashboard: lazy(() => import('./pages/verify-account-page.tsx')),
};

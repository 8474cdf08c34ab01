import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  dashboardIndex: lazy(() => import('./pages/dashboard-page.tsx')),
  local: lazy(() => import('./pages/local-usage-page.tsx')),
  localDetail: lazy(() => import('./pages/local-detail-page.tsx')),
};

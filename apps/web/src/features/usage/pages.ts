import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  dashboardIndex: lazy(() => import('./pages/dashboard-page.tsx')),
  local: lazy(() => import('./pages/local-usage-page.tsx')),
  localDetail: lazy(() => import('./pages/local-detail-page.tsx')),
  localIndividual: lazy(() => import('./pages/local-individual-page.tsx')),
  localIndividualDetail: lazy(() => import('./pages/local-individual-detail-page.tsx')),
  localIndividualTotal: lazy(() => import('./pages/local-individual-total-page.tsx')),
  international: lazy(() => import('./pages/international-page.tsx')),
  roamingUsage: lazy(() => import('./pages/roaming-usage-page.tsx')),
  roamingUsageDetail: lazy(() => import('./pages/roaming-detail-page.tsx')),
  roamingUsageDetailShareable: lazy(() => import('./pages/roaming-detail-shareable-page.tsx')),
  policyControl: lazy(() => import('./pages/policy-control-page.tsx')),
};

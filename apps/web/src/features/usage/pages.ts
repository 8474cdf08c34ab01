import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  dashboardIndex: lazyWithQueries(() => import('./pages/dashboard-page.tsx')),
  local: lazyWithQueries(() => import('./pages/local-usage-page.tsx')),
  localDetail: lazyWithQueries(() => import('./pages/local-detail-page.tsx')),
  localIndividual: lazyWithQueries(() => import('./pages/local-individual-page.tsx')),
  localIndividualDetail: lazyWithQueries(() => import('./pages/local-individual-detail-page.tsx')),
  localIndividualTotal: lazyWithQueries(() => import('./pages/local-individual-total-page.tsx')),
  international: lazyWithQueries(() => import('./pages/international-page.tsx')),
  roamingUsage: lazyWithQueries(() => import('./pages/roaming-usage-page.tsx')),
  roamingUsageDetail: lazyWithQueries(() => import('./pages/roaming-detail-page.tsx')),
  roamingUsageDetailShareable: lazyWithQueries(() => import('./pages/roaming-detail-shareable-page.tsx')),
  policyControl: lazyWithQueries(() => import('./pages/policy-control-page.tsx')),
};

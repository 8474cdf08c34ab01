import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  simManagement: lazyWithQueries(() => import('./pages/sim-management-page.tsx')),
  simManagementDetail: lazyWithQueries(() => import('./pages/sim-detail-page.tsx')),
  numberPort: lazyWithQueries(() => import('./pages/number-port-page.tsx')),
  numberPortEdit: lazyWithQueries(() => import('./pages/number-port-edit-page.tsx')),
};

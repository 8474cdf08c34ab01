import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  simManagement: lazy(() => import('./pages/sim-management-page.tsx')),
  simManagementDetail: lazy(() => import('./pages/sim-detail-page.tsx')),
  numberPort: lazy(() => import('./pages/number-port-page.tsx')),
  numberPortEdit: lazy(() => import('./pages/number-port-edit-page.tsx')),
};

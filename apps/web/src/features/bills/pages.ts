import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  bills: lazy(() => import('./pages/bills-page.tsx')),
  billResult: lazy(() => import('./pages/bill-result-page.tsx')),
};

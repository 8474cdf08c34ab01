import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  bills: lazyWithQueries(() => import('./pages/bills-page.tsx')),
  billResult: lazyWithQueries(() => import('./pages/bill-result-page.tsx')),
};

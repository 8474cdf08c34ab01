import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  mobileSubLine: lazyWithQueries(() => import('./pages/sub-lines-page.tsx')),
  mobileSubLineCreate: lazyWithQueries(() => import('./pages/sub-line-create-page.tsx')),
};

import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  uploadID: lazyWithQueries(() => import('./pages/upload-id-page.tsx')),
  getStarted: lazyWithQueries(() => import('./pages/get-started-page.tsx')),
  getStartedNoBill: lazyWithQueries(() => import('./pages/get-started-page.tsx')),
};

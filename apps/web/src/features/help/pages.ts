import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  helps: lazyWithQueries(() => import('./pages/help-page.tsx')),
};

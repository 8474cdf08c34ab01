import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  activeSimOnline: lazyWithQueries(() => import('./pages/active-sim-online-page.tsx')),
};

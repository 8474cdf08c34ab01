import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  myAccount: lazyWithQueries(() => import('./pages/my-account-page.tsx')),
};

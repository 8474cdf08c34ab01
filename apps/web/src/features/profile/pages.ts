import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  profile: lazyWithQueries(() => import('./pages/profile-page.tsx')),
  myProfile: lazyWithQueries(() => import('./pages/my-profile-page.tsx')),
  checkCIS: lazyWithQueries(() => import('./pages/check-cis-page.tsx')),
};

import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  addOn: lazyWithQueries(() => import('./pages/add-on-page.tsx')),
  globalSMS: lazyWithQueries(() => import('./pages/global-sms-page.tsx')),
  booster: lazyWithQueries(() => import('./pages/booster-page.tsx')),
  boosterEdit: lazyWithQueries(() => import('./pages/booster-edit-page.tsx')),
  boosterEditShareable: lazyWithQueries(() => import('./pages/booster-edit-shareable-page.tsx')),
  roaming: lazyWithQueries(() => import('./pages/roaming-page.tsx')),
  roamingEdit: lazyWithQueries(() => import('./pages/roaming-edit-page.tsx')),
  roamingEditShareable: lazyWithQueries(() => import('./pages/roaming-edit-shareable-page.tsx')),
  planChange: lazyWithQueries(() => import('./pages/plan-change-page.tsx')),
};

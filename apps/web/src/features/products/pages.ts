import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  addOn: lazy(() => import('./pages/add-on-page.tsx')),
  globalSMS: lazy(() => import('./pages/global-sms-page.tsx')),
  booster: lazy(() => import('./pages/booster-page.tsx')),
  boosterEdit: lazy(() => import('./pages/booster-edit-page.tsx')),
  boosterEditShareable: lazy(() => import('./pages/booster-edit-shareable-page.tsx')),
  roaming: lazy(() => import('./pages/roaming-page.tsx')),
  roamingEdit: lazy(() => import('./pages/roaming-edit-page.tsx')),
  roamingEditShareable: lazy(() => import('./pages/roaming-edit-shareable-page.tsx')),
  planChange: lazy(() => import('./pages/plan-change-page.tsx')),
};

import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  profile: lazy(() => import('./pages/profile-page.tsx')),
  myProfile: lazy(() => import('./pages/my-profile-page.tsx')),
  checkCIS: lazy(() => import('./pages/check-cis-page.tsx')),
};

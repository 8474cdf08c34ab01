import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  myAccount: lazy(() => import('./pages/my-account-page.tsx')),
};

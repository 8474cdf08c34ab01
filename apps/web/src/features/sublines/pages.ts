import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  mobileSubLine: lazy(() => import('./pages/sub-lines-page.tsx')),
  mobileSubLineCreate: lazy(() => import('./pages/sub-line-create-page.tsx')),
};

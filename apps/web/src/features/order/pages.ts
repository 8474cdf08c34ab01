import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  uploadID: lazy(() => import('./pages/upload-id-page.tsx')),
  getStarted: lazy(() => import('./pages/get-started-page.tsx')),
  getStartedNoBill: lazy(() => import('./pages/get-started-page.tsx')),
};

import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  activeSimOnline: lazy(() => import('./pages/active-sim-online-page.tsx')),
};

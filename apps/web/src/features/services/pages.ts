import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  manage: lazy(() => import('./pages/manage-page.tsx')),
  suspension: lazy(() => import('./pages/suspension-page.tsx')),
  suspensionEdit: lazy(() => import('./pages/suspension-edit-page.tsx')),
  internationalCall: lazy(() => import('./pages/international-call-page.tsx')),
  internationalCallEdit: lazy(() => import('./pages/international-call-edit-page.tsx')),
  termination: lazy(() => import('./pages/termination-page.tsx')),
  numberChange: lazy(() => import('./pages/number-change-page.tsx')),
  lostSim: lazy(() => import('./pages/lost-sim-page.tsx')),
};

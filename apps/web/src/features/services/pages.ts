import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  manage: lazyWithQueries(() => import('./pages/manage-page.tsx')),
  suspension: lazyWithQueries(() => import('./pages/suspension-page.tsx')),
  suspensionEdit: lazyWithQueries(() => import('./pages/suspension-edit-page.tsx')),
  internationalCall: lazyWithQueries(() => import('./pages/international-call-page.tsx')),
  internationalCallEdit: lazyWithQueries(() => import('./pages/international-call-edit-page.tsx')),
  termination: lazyWithQueries(() => import('./pages/termination-page.tsx')),
  numberChange: lazyWithQueries(() => import('./pages/number-change-page.tsx')),
  lostSim: lazyWithQueries(() => import('./pages/lost-sim-page.tsx')),
};

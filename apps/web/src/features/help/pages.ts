import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  helps: lazy(() => import('./pages/help-page.tsx')),
};

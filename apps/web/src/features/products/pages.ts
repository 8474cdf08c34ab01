import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  addOn: lazy(() => import('./pages/add-on-page.tsx')),
  globalSMS: lazy(() => import('./pages/global-sms-page.tsx')),
};

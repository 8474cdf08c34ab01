import { lazy } from 'react';
import type { FeaturePages } from '../../lib/pages.ts';

export const pages: FeaturePages = {
  orders: lazy(() => import('./pages/orders-page.tsx')),
  orderDetail: lazy(() => import('./pages/order-detail-page.tsx')),
};

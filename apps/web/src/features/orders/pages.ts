import type { FeaturePages } from '../../lib/pages.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';

export const pages: FeaturePages = {
  orders: lazyWithQueries(() => import('./pages/orders-page.tsx')),
  orderDetail: lazyWithQueries(() => import('./pages/order-detail-page.tsx')),
};

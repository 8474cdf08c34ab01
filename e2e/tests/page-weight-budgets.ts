/**
 * The page groups whose JavaScript weight is held to a budget: what a browser loads, gzipped (level 9),
 * from a group's first page until the network is idle (tests/page-weight.spec.ts measures it).
 * `pages` are the page modules the group opens, for the static estimate of `npm run size`.
 * Budgets in KB of 1024 bytes; the three other than /login are about 5% above what they measured.
 */
export const PAGE_GROUPS = {
  login: { budgetKb: 130, entry: 'index.html', pages: ['features/auth/pages/login-page.tsx'] },
  getStarted: {
    budgetKb: 204,
    entry: 'index.html',
    pages: [
      'features/auth/pages/login-page.tsx',
      'features/order/pages/get-started-page.tsx',
      'features/account/components/past-order-notice.tsx',
    ],
  },
  dashboard: {
    budgetKb: 161,
    entry: 'index.html',
    pages: ['features/auth/pages/login-page.tsx', 'app/shell/desktop-menu.tsx', 'app/unavailable-page.tsx'],
  },
  staff: {
    budgetKb: 176,
    entry: 'staff.html',
    pages: ['staff/pages/staff-login-page.tsx', 'staff/pages/order-queue-page.tsx'],
  },
} as const;

export type PageGroup = keyof typeof PAGE_GROUPS;

/**
 * The page groups whose JavaScript weight is held to a budget: what a browser loads, gzipped (level 9),
 * from a group's first page until the network is idle (tests/page-weight.spec.ts measures it).
 * `pages` are the page modules the group opens, for the static estimate of `npm run size`.
 * Budgets in KB of 1024 bytes; the three other than /login are about 5% above what they measured.
 * The dashboard's includes its daily chart: the charting library (@mantine/charts on recharts, 128 KB
 * of the 297 KB measured) is its own chunk, loaded when the chart comes within a screen of view, as
 * it does at once on a desktop; on a phone it loads as the customer scrolls to it (ADR 0022).
 */
export const PAGE_GROUPS = {
  login: { budgetKb: 130, entry: 'index.html', pages: ['features/auth/pages/login-page.tsx'] },
  getStarted: {
    budgetKb: 205,
    entry: 'index.html',
    pages: [
      'features/auth/pages/login-page.tsx',
      'features/order/pages/get-started-page.tsx',
      'features/account/components/past-order-notice.tsx',
    ],
  },
  dashboard: {
    budgetKb: 312,
    entry: 'index.html',
    pages: [
      'features/auth/pages/login-page.tsx',
      'app/shell/desktop-menu.tsx',
      'features/usage/pages/local-usage-page.tsx',
      'features/usage/components/daily-chart.tsx',
    ],
  },
  staff: {
    budgetKb: 176,
    entry: 'staff.html',
    pages: ['staff/pages/staff-login-page.tsx', 'staff/pages/order-queue-page.tsx'],
  },
} as const;

export type PageGroup = keyof typeof PAGE_GROUPS;

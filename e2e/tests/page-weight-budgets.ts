/**
 * The page groups whose JavaScript weight is held to a budget: what a browser loads, gzipped (level 9),
 * from a group's first page until the network is idle (tests/page-weight.spec.ts measures it).
 * `pages` are the page modules the group opens, for the static estimate of `npm run size`.
 * Budgets in KB of 1024 bytes. /login's is the issue's, in each of the four languages (ADR 0055). The
 * three others are about 3% above what they measured once the portal spoke four languages: Lingui's
 * runtime (2.6 KB) is in every page, and each page's texts are a catalog fetched beside it (208.0,
 * 307.1 and 181.5 KB measured).
 * The dashboard's includes its daily chart: the charting library (@mantine/charts on recharts, 128 KB
 * of the 297 KB measured) is its own chunk, loaded when the chart comes within a screen of view, as
 * it does at once on a desktop; on a phone it loads as the customer scrolls to it (ADR 0022).
 */
export const PAGE_GROUPS = {
  login: { budgetKb: 130, entry: 'index.html', pages: ['features/auth/pages/login-page.tsx'] },
  getStarted: {
    budgetKb: 215,
    entry: 'index.html',
    pages: [
      'features/auth/pages/login-page.tsx',
      'features/order/pages/get-started-page.tsx',
      'features/account/components/past-order-notice.tsx',
    ],
  },
  dashboard: {
    budgetKb: 316,
    entry: 'index.html',
    pages: [
      'features/auth/pages/login-page.tsx',
      'app/shell/desktop-menu.tsx',
      'features/usage/pages/local-usage-page.tsx',
      'features/usage/components/daily-chart.tsx',
    ],
  },
  staff: {
    budgetKb: 187,
    entry: 'staff.html',
    pages: ['staff/pages/staff-login-page.tsx', 'staff/pages/order-queue-page.tsx'],
  },
} as const;

export type PageGroup = keyof typeof PAGE_GROUPS;

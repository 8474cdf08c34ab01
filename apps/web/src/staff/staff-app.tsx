import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation } from '../lib/router.tsx';
import { staffLogout, useStaff } from './staff-api.ts';
import { staffPath } from './staff-paths.ts';

const LoginPage = lazy(() => import('./pages/staff-login-page.tsx'));
const QueuePage = lazy(() => import('./pages/order-queue-page.tsx'));
const OrderPage = lazy(() => import('./pages/staff-order-page.tsx'));
const StockPage = lazy(() => import('./pages/sim-stock-page.tsx'));
const BillingPage = lazy(() => import('./pages/customer-billing-page.tsx'));
const LinesPage = lazy(() => import('./pages/customer-lines-page.tsx'));
const ReplacementsPage = lazy(() => import('./pages/replacements-page.tsx'));
const DeletionsPage = lazy(() => import('./pages/account-deletions-page.tsx'));
const PaymentsPage = lazy(() => import('./pages/unmatched-payments-page.tsx'));
const ClosuresLink = lazy(() => import('./components/closures-link.tsx'));

interface StaffRoute {
  pattern: RegExp;
  title: string;
  page: ComponentType<{ params: string[] }>;
}

/** The console's pages; a path under /staff that matches none goes to the queue. */
const ROUTES: StaffRoute[] = [
  { pattern: /^\/staff\/login$/, title: 'Staff sign-in', page: LoginPage },
  { pattern: /^\/staff\/?$/, title: 'Order queue', page: QueuePage },
  { pattern: /^\/staff\/orders\/([0-9a-f-]{36})$/, title: 'Order', page: OrderPage },
  { pattern: /^\/staff\/stock$/, title: 'SIM stock', page: StockPage },
  { pattern: /^\/staff\/replacements$/, title: 'SIM replacements', page: ReplacementsPage },
  { pattern: /^\/staff\/customers\/([0-9a-f-]{36})\/billing$/, title: 'Bills', page: BillingPage },
  { pattern: /^\/staff\/customers\/([0-9a-f-]{36})\/lines$/, title: 'Lines', page: LinesPage },
  { pattern: /^\/staff\/account-deletions$/, title: 'Account closures', page: DeletionsPage },
  { pattern: /^\/staff\/payments$/, title: 'Unmatched payments', page: PaymentsPage },
];

export function StaffApp() {
  const { pathname } = useLocation();
  const staff = useStaff();
  const match = ROUTES.map((r) => ({ r, m: r.pattern.exec(pathname) })).find((x) => x.m);
  const isLogin = match?.r.page === LoginPage;
  useEffect(() => {
    if (match) document.title = `${match.r.title} · Staff console`;
  }, [match]);

  if (!match) return <Navigate to={staffPath.queue} replace />;
  if (!staff && !isLogin) return <Navigate to={staffPath.login} replace />;
  if (staff && isLogin) return <Navigate to={staffPath.queue} replace />;
  const Page = match.r.page;
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="staff-header">
        <Container size={1440}>
          <Group justify="space-between" py="sm">
            <Text fw={700}>Staff console</Text>
            {staff && (
              <Group component="nav" aria-label="Staff" gap="lg">
                <Anchor
                  component={Link}
                  to={staffPath.queue}
                  aria-current={pathname === staffPath.queue ? 'page' : undefined}
                >
                  Orders
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPath.stock}
                  aria-current={pathname === staffPath.stock ? 'page' : undefined}
                >
                  SIM stock
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPath.replacements}
                  aria-current={pathname === staffPath.replacements ? 'page' : undefined}
                >
                  SIM replacements
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPath.payments}
                  aria-current={pathname === staffPath.payments ? 'page' : undefined}
                >
                  Unmatched payments
                </Anchor>
                <Suspense fallback={null}>
                  <ClosuresLink role={staff.role} current={pathname === staffPath.accountDeletions} />
                </Suspense>
                <Text size="sm">
                  {staff.name} ({staff.role})
                </Text>
                <Button variant="default" size="xs" onClick={() => void staffLogout()}>
                  Sign out
                </Button>
              </Group>
            )}
          </Group>
        </Container>
      </header>
      <Container size={1440} component="main" id="main" tabIndex={-1} py="md">
        <Suspense fallback={<Text>Loading…</Text>}>
          <Page params={match.m?.slice(1) ?? []} />
        </Suspense>
      </Container>
    </>
  );
}

import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { routeParams, titleOf } from '@selfcare/domain';
import { matchStaffRoute, type StaffRouteName, staffPathFor } from '@selfcare/domain/staff-routes';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation } from '../lib/router.tsx';
import { staffLogout, useStaff } from './staff-api.ts';

/** A console page: its own chunk, given the values of its route's :params. */
type StaffPage = LazyExoticComponent<ComponentType<{ params: Record<string, string> }>>;

/** The console's pages by the name of their route in the domain's staff route table. */
const PAGES: Record<StaffRouteName, StaffPage> = {
  staffLogin: lazy(() => import('./pages/staff-login-page.tsx')),
  staffQueue: lazy(() => import('./pages/order-queue-page.tsx')),
  staffOrder: lazy(() => import('./pages/staff-order-page.tsx')),
  staffStock: lazy(() => import('./pages/sim-stock-page.tsx')),
  staffBilling: lazy(() => import('./pages/customer-billing-page.tsx')),
  staffLines: lazy(() => import('./pages/customer-lines-page.tsx')),
  staffReplacements: lazy(() => import('./pages/replacements-page.tsx')),
  staffAccountDeletions: lazy(() => import('./pages/account-deletions-page.tsx')),
  staffPayments: lazy(() => import('./pages/unmatched-payments-page.tsx')),
};
const ClosuresLink = lazy(() => import('./components/closures-link.tsx'));

/** Renders the console page the location matches; a path under /staff that matches none goes to the queue. */
export function StaffApp() {
  const { pathname } = useLocation();
  const staff = useStaff();
  const route = matchStaffRoute(pathname);
  const queue = staffPathFor('staffQueue');
  useEffect(() => {
    if (route) document.title = `${titleOf(route)} · Staff console`;
  }, [route]);
  if (!route) return <Navigate to={queue} replace />;
  if (!staff && !route.public) return <Navigate to={staffPathFor('staffLogin')} replace />;
  if (staff && route.public) return <Navigate to={queue} replace />;
  const Page = PAGES[route.name];
  const current = (name: StaffRouteName) => (route.name === name ? 'page' : undefined);
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
                <Anchor component={Link} to={queue} aria-current={current('staffQueue')}>
                  Orders
                </Anchor>
                <Anchor component={Link} to={staffPathFor('staffStock')} aria-current={current('staffStock')}>
                  SIM stock
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPathFor('staffReplacements')}
                  aria-current={current('staffReplacements')}
                >
                  SIM replacements
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPathFor('staffPayments')}
                  aria-current={current('staffPayments')}
                >
                  Unmatched payments
                </Anchor>
                <Suspense fallback={null}>
                  <ClosuresLink role={staff.role} current={route.name === 'staffAccountDeletions'} />
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
          <Page params={routeParams(route, pathname)} />
        </Suspense>
      </Container>
    </>
  );
}

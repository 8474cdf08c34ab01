import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { routeParams, titleOf } from '@selfcare/domain';
import { matchStaffRoute, type StaffRouteName, staffPathFor } from '@selfcare/domain/staff-routes';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { lazy } from '../lib/lazy.ts';
import { Link, Navigate, useLocation } from '../lib/router.tsx';
import { staffLogout, useStaff } from './staff-api.ts';
import './texts.ts';

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
  staffCatalog: lazy(() => import('./pages/catalog-texts-page.tsx')),
  staffPasskeys: lazy(() => import('./pages/passkeys-page.tsx')),
};
const ClosuresLink = lazy(() => import('./components/closures-link.tsx'));

/** Renders the console page the location matches; a path under /staff that matches none goes to the queue. */
export function StaffApp() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const staff = useStaff();
  const route = matchStaffRoute(pathname);
  const queue = staffPathFor('staffQueue');
  useEffect(() => {
    if (route) document.title = t('staff.console.documentTitle', { page: titleOf(route) });
  }, [route, t]);
  if (!route) return <Navigate to={queue} replace />;
  if (!staff && !route.public) return <Navigate to={staffPathFor('staffLogin')} replace />;
  if (staff && route.public) return <Navigate to={queue} replace />;
  const Page = PAGES[route.name];
  const current = (name: StaffRouteName) => (route.name === name ? 'page' : undefined);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('staff.console.skip')}
      </a>
      <header className="staff-header">
        <Container size={1440}>
          <Group justify="space-between" py="sm">
            <Text fw={700}>{t('staff.console.title')}</Text>
            {staff && (
              <Group component="nav" aria-label={t('staff.console.nav')} gap="lg">
                <Anchor component={Link} to={queue} aria-current={current('staffQueue')}>
                  {t('staff.console.orders')}
                </Anchor>
                <Anchor component={Link} to={staffPathFor('staffStock')} aria-current={current('staffStock')}>
                  {t('staff.console.stock')}
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPathFor('staffReplacements')}
                  aria-current={current('staffReplacements')}
                >
                  {t('staff.console.replacements')}
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPathFor('staffPayments')}
                  aria-current={current('staffPayments')}
                >
                  {t('staff.console.payments')}
                </Anchor>
                <Anchor
                  component={Link}
                  to={staffPathFor('staffCatalog')}
                  aria-current={current('staffCatalog')}
                >
                  {t('staff.console.catalog')}
                </Anchor>
                <Suspense fallback={null}>
                  <ClosuresLink role={staff.role} current={route.name === 'staffAccountDeletions'} />
                </Suspense>
                <Anchor
                  component={Link}
                  to={staffPathFor('staffPasskeys')}
                  aria-current={current('staffPasskeys')}
                >
                  {t('staff.console.passkeys')}
                </Anchor>
                <Text size="sm">
                  {staff.name} ({staff.role})
                </Text>
                <Button variant="default" size="xs" onClick={() => void staffLogout()}>
                  {t('staff.console.signOut')}
                </Button>
              </Group>
            )}
          </Group>
        </Container>
      </header>
      <Container size={1440} component="main" id="main" tabIndex={-1} py="md">
        <Suspense fallback={<Text>{t('staff.common.loading')}</Text>}>
          <Page params={routeParams(route, pathname)} />
        </Suspense>
      </Container>
    </>
  );
}

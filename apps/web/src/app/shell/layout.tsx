import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import {
  CustomerStatus,
  MENU_HIDDEN,
  type MenuItem,
  MOBILE_FOOTER,
  mayUseRoute,
  menuFor,
  pathFor,
  type RouteDef,
} from '@selfcare/domain';
import { type ReactNode, Suspense } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { lazy } from '../../lib/lazy.ts';
import { lazyWithQueries } from '../../lib/query-pages.tsx';
import { menuTitle, pageTitle } from '../../lib/route-texts.ts';
import { Link, useLocation, useNavigate } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { settings } from '../settings.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { LoadingBar } from './loading-bar.tsx';

function MobileNav({ items, current }: { items: MenuItem[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('mobile.navigation')} className="mobile-only bottom-nav">
      <ul className="plain-list">
        {items.map((item) => {
          const active = current.startsWith(item.link);
          return (
            <li key={item.id}>
              <Link to={item.link} aria-current={active ? 'page' : undefined} className="bottom-nav-item">
                <Icon name={item.icon} />
                <span>{menuTitle(item)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The logged-in menu is its own chunk: the login page never needs it. */
const DesktopMenu = lazy(() => import('./desktop-menu.tsx'));
/** Above the order wizard: a past order that was rejected or cancelled, and its refund (ADR 0019). */
const PastOrderNotice = lazyWithQueries(
  () => import('../../features/account/components/past-order-notice.tsx'),
);
const WIZARDS: ReadonlySet<string> = new Set(['getStarted', 'getStartedNoBill']);
/** Offline and new-version notices (ADR 0057): signed-in pages only, so /login carries none of it. */
const AppNotices = lazy(() => import('../notices/app-notices.tsx'));
/** The bell and what was sent to the customer (ADR 0058): signed-in pages only. */
const InboxBell = lazy(() => import('../inbox/inbox-bell.tsx'));

export function Layout({ route, children }: { route: RouteDef | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const routeName = route?.name ?? '';
  const menuVisible = !!user && !MENU_HIDDEN.has(routeName);
  const items = user ? menuFor(user) : [];
  const s = settings();
  const onLogout = () =>
    void logout
      .mutateAsync(undefined)
      .catch(() => {})
      .finally(() => navigate(pathFor('login'), { replace: true }));
  const onAccountPage = routeName === 'myAccount';

  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skip')}
      </a>
      <LoadingBar />
      <header className="site-header">
        <Container size={1440} className="header-inner">
          <Anchor
            component={Link}
            to={pathFor('dashboard')}
            fw={800}
            fz="xl"
            c="violet.8"
            underline="never"
            aria-label={t('header.home', { brand: s.brandName })}
          >
            {s.brandName}
          </Anchor>
          <Group gap="md" className="desktop-only" component="nav" aria-label={t('header.site')}>
            <Anchor href={`${s.marketingUrl}/plans`}>{t('header.plans')}</Anchor>
            <Anchor href={`${s.marketingUrl}/about`}>{t('header.about')}</Anchor>
            {/* A signed-in customer who may use it gets the portal's own Help; everyone else the site's. */}
            {user && mayUseRoute(user, 'helps') ? (
              <Anchor component={Link} to={pathFor('helps')}>
                {t('header.help')}
              </Anchor>
            ) : (
              <Anchor href={`${s.marketingUrl}/help`}>{t('header.help')}</Anchor>
            )}
          </Group>
          <Group gap="xs" ml="auto">
            {/* Where the strip below shows, a phone finds the switch there. */}
            <LanguageSwitch className={menuVisible ? 'desktop-only' : undefined} />
            {user ? (
              <>
                <Suspense fallback={null}>
                  <InboxBell />
                </Suspense>
                {menuVisible && (
                  <Button component={Link} to={pathFor('myAccount')} className="desktop-only">
                    {t('header.myAccount')}
                  </Button>
                )}
                {/* On mobile the strip below carries logout on the account page and My Account elsewhere. */}
                <Button
                  variant="outline"
                  onClick={onLogout}
                  loading={logout.isPending}
                  className={menuVisible ? 'desktop-only' : undefined}
                >
                  {t('header.logout')}
                </Button>
              </>
            ) : (
              routeName !== 'login' && (
                <Button component={Link} to={pathFor('login')}>
                  {t('header.login')}
                </Button>
              )
            )}
          </Group>
        </Container>
        {menuVisible && (
          <Container size={1440}>
            <Suspense fallback={null}>
              <DesktopMenu items={items} />
            </Suspense>
          </Container>
        )}
      </header>
      {menuVisible && user && (
        <div className="mobile-only mobile-strip">
          {onAccountPage ? (
            <>
              <Text fw={700}>{t('mobile.hello', { name: user.firstName })}</Text>
              <Group gap="xs" wrap="nowrap">
                <LanguageSwitch />
                <Button size="xs" variant="outline" onClick={onLogout}>
                  {t('header.logout')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text fw={700}>{pageTitle(route)}</Text>
              <Group gap="xs" wrap="nowrap">
                <LanguageSwitch />
                <Button size="xs" variant="light" component={Link} to={pathFor('myAccount')}>
                  {t('mobile.myAccount')}
                </Button>
              </Group>
            </>
          )}
        </div>
      )}
      <main
        id="main"
        tabIndex={-1}
        className={menuVisible && items.length > 0 ? 'with-bottom-nav' : undefined}
      >
        <Container size={1440} py="lg">
          {user && (
            <Suspense fallback={null}>
              <AppNotices />
            </Suspense>
          )}
          {user?.status === CustomerStatus.New && WIZARDS.has(routeName) && (
            <Suspense fallback={null}>
              <PastOrderNotice />
            </Suspense>
          )}
          <ErrorBoundary key={location.pathname}>{children}</ErrorBoundary>
        </Container>
      </main>
      <footer className={`site-footer${MOBILE_FOOTER.has(routeName) ? '' : ' mobile-hidden'}`}>
        <Container size={1440}>
          <Group justify="space-between" align="flex-start" gap="lg">
            <Group gap="md" component="nav" aria-label={t('footer.social')}>
              <Anchor href="https://www.facebook.com/" c="gray.2">
                Facebook
              </Anchor>
              <Anchor href="https://www.instagram.com/" c="gray.2">
                Instagram
              </Anchor>
              <Anchor href="https://www.youtube.com/" c="gray.2">
                YouTube
              </Anchor>
            </Group>
            <Group gap="md">
              <Anchor href={`mailto:${s.supportEmail}`} c="gray.2">
                {t('footer.contact')}
              </Anchor>
              <Anchor href={`${s.marketingUrl}/terms`} c="gray.2">
                {t('footer.terms')}
              </Anchor>
            </Group>
          </Group>
          <Text size="sm" mt="md" c="gray.3">
            {t('footer.copyright', { year: new Date().getFullYear(), brand: s.brandName })}{' '}
            {t('footer.cookies')}
          </Text>
        </Container>
      </footer>
      {menuVisible && items.length > 0 && <MobileNav items={items} current={location.pathname} />}
    </>
  );
}

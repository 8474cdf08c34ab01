import { Alert, Anchor, Tabs } from '@mantine/core';
import { pathFor } from '@selfcare/domain';
import { Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { lazy } from '../../../lib/lazy.ts';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { PasskeyLogin } from '../components/passkey-login.tsx';
import { PasswordLoginForm } from '../components/password-login-form.tsx';

type Tab = 'password' | 'otp' | 'register';

/**
 * The one-time code and sign-up tabs are chunks of their own, fetched when the visitor points at or
 * focuses their tab (or opens the page on it): the page shows the password form first, and the
 * others bring inputs (code boxes, radio buttons, a checkbox) it would otherwise load for nothing.
 */
const loadOtp = () => import('../components/otp-login-form.tsx');
const loadRegister = () => import('../components/register-form.tsx');
const OtpLoginForm = lazy(() => loadOtp().then((m) => ({ default: m.OtpLoginForm })));
const RegisterForm = lazy(() => loadRegister().then((m) => ({ default: m.RegisterForm })));
const prefetch = (load: () => Promise<unknown>) => () => void load();

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tab = (
    ['password', 'otp', 'register'].includes(params.get('tab') ?? '') ? params.get('tab') : 'password'
  ) as Tab;
  const from = (location.state as { from?: string } | null)?.from;
  const onLoggedIn = () =>
    navigate(from && from !== pathFor('login') ? from : pathFor('dashboard'), { replace: true });

  return (
    <AuthCard title={t('login.title')} width={560}>
      {from && <Alert color="blue">{t('login.continue')}</Alert>}
      <Tabs
        value={tab}
        onChange={(v) =>
          setParams(v === 'password' || !v ? {} : { tab: v }, { replace: true, state: location.state })
        }
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="password">{t('login.tabs.password')}</Tabs.Tab>
          <Tabs.Tab value="otp" onPointerEnter={prefetch(loadOtp)} onFocus={prefetch(loadOtp)}>
            {t('login.tabs.otp')}
          </Tabs.Tab>
          <Tabs.Tab value="register" onPointerEnter={prefetch(loadRegister)} onFocus={prefetch(loadRegister)}>
            {t('login.tabs.register')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password" pt="md">
          <PasswordLoginForm onLoggedIn={onLoggedIn} />
          <Anchor component={Link} to={pathFor('forgotPassword')} mt="md" display="inline-block">
            {t('login.forgot')}
          </Anchor>
        </Tabs.Panel>
        <Tabs.Panel value="otp" pt="md">
          <Suspense fallback={null}>
            <OtpLoginForm onLoggedIn={onLoggedIn} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="register" pt="md">
          <Suspense fallback={null}>
            <RegisterForm onRegistered={() => setParams({}, { replace: true })} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {/* Beside either way of signing in: an 'Us' line's user, who signs in by code, finds it too. */}
      {tab !== 'register' && <PasskeyLogin onLoggedIn={onLoggedIn} />}
    </AuthCard>
  );
}

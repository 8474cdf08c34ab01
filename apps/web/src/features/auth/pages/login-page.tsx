import { Alert, Anchor, Tabs } from '@mantine/core';
import { pathFor } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { OtpLoginForm } from '../components/otp-login-form.tsx';
import { PasswordLoginForm } from '../components/password-login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';

type Tab = 'password' | 'otp' | 'register';

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
      {from && <Alert color="blue">Please log in to continue.</Alert>}
      <Tabs
        value={tab}
        onChange={(v) =>
          setParams(v === 'password' || !v ? {} : { tab: v }, { replace: true, state: location.state })
        }
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="password">{t('login.tabs.password')}</Tabs.Tab>
          <Tabs.Tab value="otp">{t('login.tabs.otp')}</Tabs.Tab>
          <Tabs.Tab value="register">{t('login.tabs.register')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password" pt="md">
          <PasswordLoginForm onLoggedIn={onLoggedIn} />
          <Anchor component={Link} to={pathFor('forgotPassword')} mt="md" display="inline-block">
            {t('login.forgot')}
          </Anchor>
        </Tabs.Panel>
        <Tabs.Panel value="otp" pt="md">
          <OtpLoginForm onLoggedIn={onLoggedIn} />
        </Tabs.Panel>
        <Tabs.Panel value="register" pt="md">
          <RegisterForm onRegistered={() => setParams({}, { replace: true })} />
        </Tabs.Panel>
      </Tabs>
    </AuthCard>
  );
}

import { Alert, Button, Loader } from '@mantine/core';
import { pathFor } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useActiveAccount } from '../api/active-account.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { linkFailure } from '../link-failure.ts';
import '../texts.ts';

/**
 * /confirmEmail/{token}: a new account's address, or a new address asked for on the profile; the
 * answer says which. A failure says why as far as the spec allows: expired, the new address taken
 * meanwhile, an invalid link, or 'Verification failed.' when the check itself failed (ADR 0035).
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useActiveAccount(token);
  return (
    <AuthCard title={t('auth.confirm.title')}>
      {confirm.isPending ? (
        <Loader role="status" aria-label={t('auth.confirm.checking')} />
      ) : confirm.isError ? (
        <Alert color="red" role="alert">
          {linkFailure(confirm.error)}
        </Alert>
      ) : (
        <Alert color="green" role="status">
          {confirm.data?.message}
        </Alert>
      )}
      <Button component={Link} to={pathFor('login')} w="fit-content">
        {t('auth.confirm.toLogin')}
      </Button>
    </AuthCard>
  );
}

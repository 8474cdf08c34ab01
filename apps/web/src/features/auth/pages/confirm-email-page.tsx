import { Alert, Button, Loader } from '@mantine/core';
import { Messages, pathFor } from '@selfcare/domain';
import { ApiError } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useActiveAccount } from '../api/active-account.ts';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * /confirmEmail/{token}: a new account's address, or a new address asked for on the profile; the
 * answer says which. A new address someone registered meanwhile is refused with that reason; any
 * other failure reads as the spec's invalid link.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useActiveAccount(token);
  return (
    <AuthCard title={t('confirm.title')}>
      {confirm.isPending ? (
        <Loader role="status" aria-label={t('confirm.checking')} />
      ) : confirm.isError ? (
        <Alert color="red" role="alert">
          {confirm.error instanceof ApiError && confirm.error.status === 409
            ? confirm.error.message
            : Messages.invalidLink}
        </Alert>
      ) : (
        <Alert color="green" role="status">
          {confirm.data.message}
        </Alert>
      )}
      <Button component={Link} to={pathFor('login')} w="fit-content">
        {t('confirm.toLogin')}
      </Button>
    </AuthCard>
  );
}

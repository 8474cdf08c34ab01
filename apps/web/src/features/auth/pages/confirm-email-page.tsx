import { Alert, Button, Loader } from '@mantine/core';
import { Messages, pathFor } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useActiveAccount } from '../api/active-account.ts';
import { AuthCard } from '../components/auth-card.tsx';

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
          {Messages.invalidLink}
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

import { Button, Text } from '@mantine/core';
import { settings } from '../../../app/settings.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useResendEmail } from '../api/resend-email.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** The '/' entry for a customer who has not confirmed their email (or a line not yet active). */
export default function VerifyAccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const resend = useResendEmail();
  const s = settings();
  if (!user) return null;
  return (
    <AuthCard title={t('verify.title')} width={640}>
      {user.isVerify ? (
        <Text>{t('unavailable.text', { email: s.supportEmail, phone: s.supportPhone })}</Text>
      ) : (
        <>
          <Text>{t('verify.intro', { email: user.email })}</Text>
          <Text c="dimmed">{t('verify.notReceived')}</Text>
          <FormError message={resend.error?.message ?? null} />
          <Button
            w="fit-content"
            loading={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: (res) => notifySuccess(res.message) })}
          >
            {t('verify.resend')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

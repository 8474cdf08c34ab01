import { Button, Text } from '@mantine/core';
import { CustomerStatus } from '@selfcare/domain';
import { settings } from '../../../app/settings.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useResendEmail } from '../api/resend-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import '../texts.ts';

// Registered with the page, not in the shell's texts: the login page's bundle has no room for them.
/** The '/' entry for a customer who has not confirmed their email (or a line not yet active). */
export default function VerifyAccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const resend = useResendEmail();
  const s = settings();
  if (!user) return null;
  // An 'Us' line's user signs in before their line is live; the account holder manages it (ADR 0031).
  if (user.isVerify && !user.isMainLine && user.status !== CustomerStatus.Active) {
    return (
      <AuthCard title={t('auth.usLine.title')} width={640}>
        <Text>{t('auth.usLine.text')}</Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.verify.title')} width={640}>
      {user.isVerify ? (
        <Text>{t('unavailable.text', { email: s.supportEmail, phone: s.supportPhone })}</Text>
      ) : (
        <>
          <Text>{t('auth.verify.intro', { email: user.email })}</Text>
          <Text c="dimmed">{t('auth.verify.notReceived')}</Text>
          <FormError message={resend.error?.message ?? null} />
          <Button
            w="fit-content"
            loading={resend.isPending}
            onClick={() =>
              void resend
                .mutateAsync(undefined)
                .then((res) => notifySuccess(res.message))
                .catch(() => {})
            }
          >
            {t('auth.verify.resend')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

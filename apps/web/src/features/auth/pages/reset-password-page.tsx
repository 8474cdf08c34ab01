import { Alert, Anchor, Button, Loader, Stack } from '@mantine/core';
import { pathFor, resetPasswordSchema } from '@selfcare/domain';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate, useParams } from '../../../lib/router.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useVerifyResetToken } from '../api/verify-reset-token.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { linkFailure } from '../link-failure.ts';
import '../texts.ts';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useVerifyResetToken(token);
  const form = useZodForm(resetPasswordSchema, { token, password: '', confirmPassword: '' });
  const reset = useResetPassword();

  return (
    <AuthCard title={t('auth.reset.title')}>
      {check.isPending ? (
        <Loader role="status" aria-label={t('auth.reset.checking')} />
      ) : check.isError ? (
        <Alert color="red" role="alert">
          {linkFailure(check.error)}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.submit(async (data) => {
            const res = await reset.mutateAsync(data);
            notifySuccess(res.message);
            navigate(pathFor('login'), { replace: true });
          })}
        >
          <Stack>
            <FormError message={form.formError} />
            <PasswordInput
              label={t('auth.reset.password')}
              description={t('auth.register.passwordHint')}
              autoComplete="new-password"
              required
              {...form.fieldProps('password')}
            />
            <PasswordInput
              label={t('auth.reset.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.fieldProps('confirmPassword')}
            />
            <Button type="submit" loading={reset.isPending}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={pathFor('login')}>
        {t('common.back')}
      </Anchor>
    </AuthCard>
  );
}

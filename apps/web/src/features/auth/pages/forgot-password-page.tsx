import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema, pathFor } from '@selfcare/domain';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import '../texts.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useZodForm(forgotPasswordSchema, { email: '' });
  const forgot = useForgotPassword();
  const [done, setDone] = useState<string | null>(null);
  return (
    <AuthCard title={t('auth.forgot.title')}>
      {done ? (
        <Alert color="green" role="status">
          {done}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.submit(async (data) => {
            setDone((await forgot.mutateAsync(data)).message);
          })}
        >
          <Stack>
            <Text>{t('auth.forgot.intro')}</Text>
            <FormError message={form.formError} />
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="email"
              required
              {...form.fieldProps('email')}
            />
            <Button type="submit" loading={forgot.isPending}>
              {t('auth.forgot.submit')}
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

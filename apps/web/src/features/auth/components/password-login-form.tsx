import { Button, Stack, TextInput } from '@mantine/core';
import { passwordLoginSchema } from '@selfcare/domain';
import { FormError } from '../../../components/ui/form-error.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useLogin } from '../api/login.ts';

export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(passwordLoginSchema, { email: '', password: '' });
  const login = useLogin();
  return (
    <form
      noValidate
      onSubmit={form.submit(async (data) => {
        await login.mutateAsync(data);
        onLoggedIn();
      })}
    >
      <Stack>
        <FormError message={form.formError} />
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          {...form.fieldProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          {...form.fieldProps('password')}
        />
        <Button type="submit" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

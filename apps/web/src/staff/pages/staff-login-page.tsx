import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { staffLoginSchema } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { navigate } from '../../lib/router.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffLogin, staffSession } from '../staff-api.ts';
import '../texts.ts';

/** Staff sign in with their password and the 6-digit code of their authenticator app. */
export default function StaffLoginPage() {
  const { t } = useTranslation();
  const form = useZodForm(staffLoginSchema, { email: '', password: '', code: '' });
  const [busy, setBusy] = useState(false);
  const onSubmit = form.submit(async (data) => {
    setBusy(true);
    try {
      const res = await staffLogin(data);
      staffSession.start(res.data);
      navigate(staffPathFor('staffQueue'), { replace: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {t('staff.login.title')}
          </Title>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('staff.login.email')}
            type="email"
            autoComplete="username"
            required
            {...form.fieldProps('email')}
          />
          <PasswordInput
            label={t('staff.login.password')}
            visibilityToggleButtonProps={{ 'aria-label': t('staff.login.showPassword') }}
            autoComplete="current-password"
            required
            {...form.fieldProps('password')}
          />
          <TextInput
            label={t('staff.login.code')}
            description={t('staff.login.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...form.fieldProps('code')}
          />
          <Button type="submit" loading={busy}>
            {t('staff.login.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

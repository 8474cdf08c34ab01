import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { staffCredentialsSchema, staffLoginSchema } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { passkeysSupported } from '../../lib/passkeys-supported.ts';
import { navigate } from '../../lib/router.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffLogin, staffSession } from '../staff-api.ts';
import '../texts.ts';

/**
 * Staff sign in with their password and the 6-digit code of their authenticator app, or with their
 * password and a passkey instead of the code (ADR 0059).
 */
export default function StaffLoginPage() {
  const { t } = useTranslation();
  const form = useZodForm(staffLoginSchema, { email: '', password: '', code: '' });
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const signedIn = () => navigate(staffPathFor('staffQueue'), { replace: true });
  const onSubmit = form.submit(async (data) => {
    setBusy('code');
    try {
      const res = await staffLogin(data);
      staffSession.start(res.data);
      signedIn();
    } finally {
      setBusy(null);
    }
  });
  const withPasskey = form.submitWith(staffCredentialsSchema, async (credentials) => {
    setBusy('passkey');
    try {
      const { signInWithPasskey } = await import('../passkeys.ts');
      await signInWithPasskey(credentials);
      signedIn();
    } catch (err) {
      // The browser's own refusal (its prompt closed, or no passkey for this portal on the device).
      if (err instanceof Error && err.name === 'NotAllowedError')
        throw new Error(t('staff.login.passkeyNotUsed'));
      throw err;
    } finally {
      setBusy(null);
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
            {...form.fieldProps('code')}
          />
          <Button type="submit" loading={busy === 'code'} disabled={busy === 'passkey'}>
            {t('staff.login.submit')}
          </Button>
          {passkeysSupported() && (
            <Button
              variant="default"
              loading={busy === 'passkey'}
              disabled={busy === 'code'}
              onClick={() => void withPasskey()}
            >
              {t('staff.login.withPasskey')}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

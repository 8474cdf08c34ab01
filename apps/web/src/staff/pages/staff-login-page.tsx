import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { staffLoginSchema } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useState } from 'react';
import { navigate } from '../../lib/router.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffLogin, staffSession } from '../staff-api.ts';

/** Staff sign in with their password and the 6-digit code of their authenticator app. */
export default function StaffLoginPage() {
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
            Staff sign-in
          </Title>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            {...form.fieldProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.fieldProps('password')}
          />
          <TextInput
            label="Authenticator code"
            description="The 6-digit code your authenticator app shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...form.fieldProps('code')}
          />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

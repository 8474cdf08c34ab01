import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { EMAIL_CHANGE_TTL_SECONDS } from '@selfcare/domain';
import { changeEmailSchema } from '@selfcare/domain/schemas/profile';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useChangeEmail } from '../api/profile.ts';
import '../texts.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';

const EMPTY = { email: '', confirmEmail: '', currentPassword: '' };

/**
 * A new email address, typed twice, after the password (ADR 0026). The login keeps its address until
 * the link sent to the new one is opened; what to do next stays on the page, not in a passing toast.
 */
export function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const form = useZodForm(changeEmailSchema, EMPTY);
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = form.submit(async (input) => {
    setSent(null);
    const res = await change.mutateAsync(input);
    setSent(res.message);
    for (const [k, v] of Object.entries(EMPTY)) form.setField(k as keyof typeof EMPTY, v);
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="email-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="email-title">
            {t('profile.email.title')}
          </Title>
          <Text size="sm">{t('profile.email.current', { email })}</Text>
          {sent && (
            <Alert color="green" role="status" variant="light">
              {sent}
            </Alert>
          )}
          {form.formError && <FormError message={form.formError} />}
          <TextInput
            label={t('profile.email.new')}
            type="email"
            required
            autoComplete="email"
            description={t('profile.email.hint', { hours: EMAIL_CHANGE_TTL_SECONDS / 3600 })}
            {...form.fieldProps('email')}
          />
          <TextInput
            label={t('profile.email.confirm')}
            type="email"
            required
            autoComplete="off"
            {...form.fieldProps('confirmEmail')}
          />
          <PasswordInput
            label={t('profile.email.password')}
            required
            autoComplete="current-password"
            {...form.fieldProps('currentPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('profile.email.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { changePasswordSchema } from '@selfcare/domain/schemas/profile';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useChangePassword } from '../api/profile.ts';
import '../texts.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** A new password after the current one; the form empties once it is changed. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useZodForm(changePasswordSchema, EMPTY);
  const onSubmit = form.submit(async (input) => {
    const res = await change.mutateAsync(input);
    notifySuccess(res.message);
    for (const [k, v] of Object.entries(EMPTY)) form.setField(k as keyof typeof EMPTY, v);
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="password-title">
            {t('profile.password.title')}
          </Title>
          <Text size="sm" id="password-hint">
            {t('profile.password.hint')}
          </Text>
          {form.formError && <FormError message={form.formError} />}
          <PasswordInput
            label={t('profile.password.current')}
            required
            autoComplete="current-password"
            {...form.fieldProps('currentPassword')}
          />
          <PasswordInput
            label={t('profile.password.new')}
            required
            autoComplete="new-password"
            aria-describedby="password-hint"
            {...form.fieldProps('password')}
          />
          <PasswordInput
            label={t('profile.password.confirm')}
            required
            autoComplete="new-password"
            {...form.fieldProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('profile.password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

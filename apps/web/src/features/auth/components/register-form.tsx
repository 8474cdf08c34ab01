import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { registerSchema } from '@selfcare/domain';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRegister } from '../api/register.ts';
import '../texts.ts';

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(registerSchema, EMPTY);
  const register = useRegister();
  return (
    <form
      noValidate
      onSubmit={form.submit(async (data) => {
        const res = await register.mutateAsync({ ...data, phoneNumber: form.values.phoneNumber });
        notifySuccess(res.message);
        onRegistered();
      })}
    >
      <Stack>
        <FormError message={form.formError} />
        <Group grow align="flex-start">
          <TextInput
            label={t('auth.register.firstName')}
            autoComplete="given-name"
            required
            {...form.fieldProps('firstName')}
          />
          <TextInput
            label={t('auth.register.lastName')}
            autoComplete="family-name"
            required
            {...form.fieldProps('lastName')}
          />
        </Group>
        <TextInput
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          required
          {...form.fieldProps('email')}
        />
        <TextInput
          label={t('auth.register.confirmEmail')}
          type="email"
          autoComplete="off"
          required
          {...form.fieldProps('confirmEmail')}
        />
        <TextInput
          label={t('auth.register.phone')}
          inputMode="tel"
          autoComplete="tel-national"
          required
          {...form.fieldProps('phoneNumber')}
        />
        <PasswordInput
          label={t('auth.register.password')}
          description={t('auth.register.passwordHint')}
          autoComplete="new-password"
          required
          {...form.fieldProps('password')}
        />
        <PasswordInput
          label={t('auth.register.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.fieldProps('confirmPassword')}
        />
        <Checkbox
          label={t('auth.register.terms')}
          checked={form.values.acceptTerms}
          onChange={(e) => form.setField('acceptTerms', e.currentTarget.checked)}
          error={form.errors.acceptTerms}
        />
        <Button type="submit" loading={register.isPending}>
          {t('auth.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { PROFILE_TITLES } from '@selfcare/domain';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { profileEditSchema } from '@selfcare/domain/schemas/profile';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveProfile } from '../api/profile.ts';

const CHANNELS = ['email', 'sms', 'push'] as const;

/** What the customer may change: salutation, contact number, employer and marketing consents. */
export function ProfileForm({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const employerLocked = profile.verified.includes('employer');
  const form = useZodForm(profileEditSchema, {
    salutation: (profile.salutation ?? undefined) as never,
    contactNumber: profile.contactNumber ?? '',
    employer: profile.employer,
    marketing: profile.marketing,
  });
  const v = form.values;
  const onSubmit = form.submit(async (input) => {
    const res = await save.mutateAsync(input);
    notifySuccess(res.message);
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="edit-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="edit-title">
            {t('profile.edit.title')}
          </Title>
          {form.formError && <FormError message={form.formError} />}
          <Select
            label={t('profile.edit.salutation')}
            required
            data={[...PROFILE_TITLES]}
            value={v.salutation ?? null}
            onChange={(s) => form.setField('salutation', (s ?? undefined) as never)}
            error={form.errors.salutation}
            allowDeselect={false}
          />
          <TextInput
            label={t('profile.edit.contactNumber')}
            required
            inputMode="numeric"
            autoComplete="tel-national"
            {...form.fieldProps('contactNumber')}
          />
          <TextInput
            label={t('profile.edit.employer')}
            disabled={employerLocked}
            description={employerLocked ? t('profile.edit.employerVerified') : undefined}
            value={v.employer ?? ''}
            onChange={(e) => form.setField('employer', e.currentTarget.value)}
            error={form.errors.employer}
          />
          {(['provider', 'thirdParty'] as const).map((from) => (
            <Checkbox.Group
              key={from}
              label={t(`profile.edit.${from}`)}
              value={CHANNELS.filter((c) => v.marketing[from][c])}
              onChange={(chosen) =>
                form.setField('marketing', {
                  ...v.marketing,
                  [from]: {
                    email: chosen.includes('email'),
                    sms: chosen.includes('sms'),
                    push: chosen.includes('push'),
                  },
                })
              }
            >
              <Group mt="xs">
                {CHANNELS.map((c) => (
                  <Checkbox key={c} value={c} label={t(`profile.edit.${c}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          ))}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('profile.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The card bills are paid with, as the spec's Profile lists it; it is changed on /bills. */
export function ProfileCard({ card }: { card: ProfileView['card'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="card-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="card-title">
          {t('profile.card.title')}
        </Title>
        <Text>
          {card
            ? t('profile.card.line', {
                holder: card.holderName ?? '',
                brand: card.brand.toUpperCase(),
                funding: card.funding ?? '',
                last4: card.last4,
                month: String(card.expMonth).padStart(2, '0'),
                year: card.expYear,
              })
            : t('profile.card.none')}
        </Text>
      </Stack>
    </Paper>
  );
}

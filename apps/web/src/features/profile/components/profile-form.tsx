import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { PROFILE_TITLES } from '@selfcare/domain';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { profileEditSchema } from '@selfcare/domain/schemas/profile';
import { FormError } from '../../../components/ui/form-error.tsx';
import { MarketingConsents } from '../../../components/ui/marketing-consents.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { choiceOf, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveProfile } from '../api/profile.ts';
import '../texts.ts';

/** What the customer may change: salutation, contact number, employer and marketing consents. */
export function ProfileForm({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const employerLocked = profile.verified.includes('employer');
  const form = useZodForm(profileEditSchema, {
    salutation: choiceOf(PROFILE_TITLES, profile.salutation),
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
            onChange={(s) => form.setField('salutation', choiceOf(PROFILE_TITLES, s))}
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
          <MarketingConsents
            value={v.marketing}
            onChange={(next) => form.setField('marketing', next)}
            labels={{
              provider: t('profile.edit.provider'),
              thirdParty: t('profile.edit.thirdParty'),
              email: t('profile.edit.email'),
              sms: t('profile.edit.sms'),
              push: t('profile.edit.push'),
            }}
          />
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

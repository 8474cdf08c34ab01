import { Loader, Stack, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useProfile } from '../api/profile.ts';
import { AccountDeletion } from '../components/account-deletion.tsx';
import { EmailForm } from '../components/email-form.tsx';
import { MyData } from '../components/my-data.tsx';
import { Passkeys } from '../components/passkeys.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { ProfileCard, ProfileForm } from '../components/profile-form.tsx';
import { PushDevices } from '../components/push-devices.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/**
 * /profile/myProfile: the customer's details, what they may change, their email, password, passkeys and card,
 * their data, and closing the account.
 */
export default function MyProfilePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const read = useProfile();
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      {read.error ? (
        <FormError message={read.error.message} />
      ) : !read.data ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : (
        <>
          <ProfileDetails profile={read.data} />
          {read.data.fromOrder && <ProfileForm profile={read.data} />}
          <EmailForm email={read.data.email} />
          <PasswordForm />
          <Passkeys />
          <PushDevices allowed={read.data.marketing.provider.push} />
          <ProfileCard card={read.data.card} />
          <MyData />
          <AccountDeletion />
        </>
      )}
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { pathFor } from '@selfcare/domain';
import { AccountDeletionMessages } from '@selfcare/domain/account-deletion';
import type { AccountDeletionView } from '@selfcare/domain/contracts/account-deletion';
import { accountDeletionRequestSchema } from '@selfcare/domain/schemas/account-deletion';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDeletionRequest, useRequestDeletion, useWithdrawDeletion } from '../api/account-deletion.ts';
import '../texts.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { formatSgDateTime } from '../../../lib/sg-date.ts';

type OpenRequest = NonNullable<AccountDeletionView['request']>;

/** The request asked for: when, what it still waits for, and withdrawing it. */
function Pending({ request }: { request: OpenRequest }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawDeletion();
  return (
    <Stack gap="xs" align="flex-start">
      <Alert color="orange" variant="light" role="status" w="100%">
        {t('profile.deletion.pending', { at: formatSgDateTime(new Date(request.requestedAt)) })}
      </Alert>
      {request.waitingFor.length > 0 ? (
        <>
          <Text size="sm">{t('profile.deletion.waiting')}</Text>
          <List size="sm">
            {request.waitingFor.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">{t('profile.deletion.ready')}</Text>
      )}
      {withdraw.error && <FormError message={withdraw.error.message} />}
      <Button
        variant="default"
        loading={withdraw.isPending}
        onClick={() => withdraw.mutate(request.id, { onSuccess: (res) => notifySuccess(res.message) })}
      >
        {t('profile.deletion.withdraw')}
      </Button>
    </Stack>
  );
}

/** Asking: the current password and that the customer understands it is for good. */
function AskForm() {
  const { t } = useTranslation();
  const ask = useRequestDeletion();
  const form = useZodForm(accountDeletionRequestSchema, { password: '', understood: false });
  const onSubmit = form.submit(async (input) => notifySuccess((await ask.mutateAsync(input)).message));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" align="flex-start">
        {form.formError && <FormError message={form.formError} />}
        <PasswordInput
          label={t('profile.deletion.password')}
          required
          autoComplete="current-password"
          w="100%"
          maw={420}
          {...form.fieldProps('password')}
        />
        <Checkbox
          label={t('profile.deletion.understood')}
          checked={form.values.understood === true}
          error={form.errors.understood}
          onChange={(e) => form.setField('understood', e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" color="red.9" loading={ask.isPending}>
            {t('profile.deletion.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * PDPA: asking to close the account and delete the customer's data, which staff complete. Only the
 * account holder asks; an 'Us' line's user does not see it.
 */
export function AccountDeletion() {
  const { t } = useTranslation();
  const { user } = useSession();
  const holder = user?.isMainLine !== false;
  const read = useDeletionRequest(holder);
  if (!holder) return null;
  const view = read.data;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="deletion-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="deletion-title">
          {t('profile.deletion.title')}
        </Title>
        <Text size="sm">{t('profile.deletion.intro')}</Text>
        {read.error ? (
          <FormError message={read.error.message} />
        ) : !view ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : view.request ? (
          <Pending request={view.request} />
        ) : (
          <>
            <Text size="sm">{t('profile.deletion.needs')}</Text>
            {view.problem ? (
              <Alert color="orange" variant="light">
                {tm(view.problem)}{' '}
                {view.problem === AccountDeletionMessages.linesLive && (
                  <Anchor component={Link} to={pathFor('termination')}>
                    {t('profile.deletion.endLines')}
                  </Anchor>
                )}
              </Alert>
            ) : (
              <AskForm />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormError } from '../../components/ui/form-error.tsx';
import { useOutcome } from '../../components/ui/outcome.tsx';
import { PasskeyList } from '../../components/ui/passkey-list.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { passkeysSupported } from '../../lib/passkeys-supported.ts';
import { addStaffPasskey } from '../passkeys.ts';
import { staffCall } from '../staff-api.ts';
import '../texts.ts';

const KEY = ['staff-passkeys'];

/**
 * The signed-in staff member's passkeys (ADR 0059), which stand in for the authenticator code at
 * sign-in, never for the password: each with the device it was added on and when it was last used,
 * removed one at a time; and a new one made on this device, soon after signing in.
 */
export default function StaffPasskeysPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () => (await staffCall('GET /staff/auth/passkeys')).data,
  });
  const settled = () => client.invalidateQueries({ queryKey: KEY });
  const add = useMutation({ mutationFn: addStaffPasskey, onSettled: settled });
  const remove = useMutation({
    mutationFn: (id: string) => staffCall('DELETE /staff/auth/passkeys/:id', { params: { id } }),
    onSettled: settled,
  });
  const { act, shown } = useOutcome((err) =>
    err instanceof Error && err.name === 'InvalidStateError'
      ? t('staff.passkeys.already')
      : t('staff.passkeys.notMade'),
  );
  const supported = passkeysSupported();

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('staff.passkeys.title')}
      </Title>
      <Text>{t('staff.passkeys.intro')}</Text>
      {shown}
      <Paper withBorder p="lg">
        {list.error ? (
          <FormError message={list.error.message} />
        ) : list.isPending ? (
          <Text>{t('staff.common.loading')}</Text>
        ) : list.data.length === 0 ? (
          <Text>{t('staff.passkeys.none')}</Text>
        ) : (
          <PasskeyList
            passkeys={list.data}
            texts={{
              title: t('staff.passkeys.title'),
              unnamed: t('staff.passkeys.unnamed'),
              remove: t('staff.passkeys.remove'),
              notUsed: t('staff.passkeys.notUsed'),
              added: (at) => t('staff.passkeys.added', { at }),
              lastUsed: (at) => t('staff.passkeys.lastUsed', { at }),
              removeNamed: (name, at) => t('staff.passkeys.removeNamed', { name, at }),
            }}
            removing={remove.isPending ? (remove.variables ?? null) : null}
            onRemove={(id) => void act(() => remove.mutateAsync(id))}
          />
        )}
      </Paper>
      {supported ? (
        <Group>
          <Button variant="outline" loading={add.isPending} onClick={() => void act(() => add.mutateAsync())}>
            {t('staff.passkeys.add')}
          </Button>
        </Group>
      ) : (
        <Text>{t('staff.passkeys.unsupported')}</Text>
      )}
    </Stack>
  );
}

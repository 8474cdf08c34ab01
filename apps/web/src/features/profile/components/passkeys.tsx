import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useOutcome } from '../../../components/ui/outcome.tsx';
import { PasskeyList } from '../../../components/ui/passkey-list.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { passkeysSupported } from '../../../lib/passkeys-supported.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys.ts';
import '../texts.ts';

/**
 * The customer's passkeys (ADR 0059): each with the device it was added on and when it was last
 * used, removed one at a time; and a new one made on this device. What came of the last action stays
 * on the page. A passkey the browser would not make (the customer closed its prompt, or this device
 * already holds one for the account) says so.
 */
export function Passkeys() {
  const { t } = useTranslation();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const supported = passkeysSupported();

  const { act, shown } = useOutcome((err) =>
    err instanceof Error && err.name === 'InvalidStateError'
      ? t('profile.passkeys.already')
      : t('profile.passkeys.notMade'),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="passkeys-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="passkeys-title">
          {t('profile.passkeys.title')}
        </Title>
        <Text size="sm">{t('profile.passkeys.intro')}</Text>
        {shown}
        {list.error ? (
          <FormError message={list.error.message} />
        ) : list.data?.length === 0 ? (
          <Text size="sm">{t('profile.passkeys.none')}</Text>
        ) : (
          <PasskeyList
            passkeys={list.data ?? []}
            texts={{
              title: t('profile.passkeys.title'),
              unnamed: t('profile.passkeys.unnamed'),
              remove: t('profile.passkeys.remove'),
              notUsed: t('profile.passkeys.notUsed'),
              added: (at) => t('profile.passkeys.added', { at }),
              lastUsed: (at) => t('profile.passkeys.lastUsed', { at }),
              removeNamed: (name, at) => t('profile.passkeys.removeNamed', { name, at }),
            }}
            removing={remove.isPending ? (remove.variables ?? null) : null}
            onRemove={(id) => void act(() => remove.mutateAsync(id))}
          />
        )}
        {supported ? (
          <Button variant="outline" loading={add.isPending} onClick={() => void act(() => add.mutateAsync())}>
            {t('profile.passkeys.add')}
          </Button>
        ) : (
          <Text size="sm">{t('profile.passkeys.unsupported')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { DeviceList } from '../../../components/ui/device-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useOutcome } from '../../../components/ui/outcome.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { pushSupported } from '../../../lib/push-subscription.ts';
import { formatSgDateTime } from '../../../lib/sg-date.ts';
import { PushUnavailable, usePushDevices, useRemovePushDevice, useSubscribePush } from '../api/push.ts';
import '../texts.ts';

/**
 * Notifications on the customer's devices (ADR 0060): the browsers that show them, each removed on
 * its own, and this one turned on. They are sent while the App notifications consent is ticked
 * (`allowed`), which the section says when it is not.
 */
export function PushDevices({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const list = usePushDevices();
  const subscribe = useSubscribePush();
  const remove = useRemovePushDevice();
  const { act, shown } = useOutcome((err) =>
    err instanceof PushUnavailable && err.reason === 'denied'
      ? t('profile.push.denied')
      : t('profile.push.unsupported'),
  );
  const here = list.data?.some((d) => d.thisDevice) ?? false;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="push-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="push-title">
          {t('profile.push.title')}
        </Title>
        <Text size="sm">{t('profile.push.intro')}</Text>
        {!allowed && (
          <Alert color="yellow" variant="light">
            {t('profile.push.noConsent')}
          </Alert>
        )}
        {shown}
        {list.error ? (
          <FormError message={list.error.message} />
        ) : list.data?.length === 0 ? (
          <Text size="sm">{t('profile.push.none')}</Text>
        ) : (
          <DeviceList
            label={t('profile.push.title')}
            removeText={t('profile.push.remove')}
            removing={remove.isPending ? (remove.variables?.id ?? null) : null}
            onRemove={(id) =>
              void act(() =>
                remove.mutateAsync({
                  id,
                  thisDevice: list.data?.find((d) => d.id === id)?.thisDevice ?? false,
                }),
              )
            }
            items={(list.data ?? []).map((d) => {
              const name = d.name || t('profile.push.unnamed');
              const added = formatSgDateTime(new Date(d.createdAt));
              return {
                id: d.id,
                name,
                badge: d.thisDevice ? t('profile.push.thisDevice') : null,
                detail: t('profile.push.added', { at: added }),
                removeLabel: t('profile.push.removeNamed', { name, at: added }),
              };
            })}
          />
        )}
        {!pushSupported() ? (
          <Text size="sm">{t('profile.push.unsupported')}</Text>
        ) : (
          !here && (
            <Button
              variant="outline"
              loading={subscribe.isPending}
              onClick={() => void act(() => subscribe.mutateAsync())}
            >
              {t('profile.push.turnOn')}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}

import { Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { LineRoaming, RoamingView } from '@selfcare/domain/contracts/products';
import { useId } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { type useLineRoaming, useSaveLineRoaming } from '../api/line-roaming.ts';
import { lineName } from './line-heading.ts';
import { RoamingCap } from './roaming-cap.tsx';
import '../texts.ts';

/**
 * One line's roaming: the switch that allows or bars all use abroad, saved as soon as it is
 * changed, then its monthly spend cap. While a change is saved, the line's controls wait for it.
 */
function LineRoamingGroup({
  line,
  bounds,
}: {
  line: LineRoaming;
  bounds: Pick<RoamingView, 'capMinCents' | 'capMaxCents'>;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const helpId = useId();
  const toggle = useSaveLineRoaming(line.lineId);
  const cap = useSaveLineRoaming(line.lineId);
  const name = lineName(line);
  const busy = toggle.isPending || cap.isPending;
  // While the switch is being saved, it shows the value asked for.
  const enabled = toggle.isPending ? (toggle.variables?.enabled ?? line.enabled) : line.enabled;

  return (
    <Paper withBorder p="lg" radius="md" role="group" aria-labelledby={nameId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={nameId}>
          {name}
        </Title>
        <div>
          <Switch
            label={t('products.lineRoaming.switch', { line: name })}
            aria-describedby={helpId}
            checked={enabled}
            disabled={busy}
            onChange={(e) =>
              toggle.mutate(
                { enabled: e.currentTarget.checked },
                { onSuccess: (res) => notifySuccess(res.message) },
              )
            }
          />
          <Text id={helpId} size="sm" c="dimmed" mt={4}>
            {t('products.lineRoaming.switchHelp')}
          </Text>
          {toggle.isError && <FormError message={toggle.error.message} />}
        </div>
        <RoamingCap line={line} name={name} bounds={bounds} save={cap} busy={busy} />
      </Stack>
    </Paper>
  );
}

/**
 * "Roaming on your lines": each line's roaming switched on or off and its monthly spend cap, as
 * `read` loads them (a spinner before, a short note when they cannot be read).
 */
export function LineRoamingSection({ read }: { read: ReturnType<typeof useLineRoaming> }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (read.data?.lines.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('products.sections.lineRoaming')}
      </Title>
      {read.isError ? (
        <Text size="sm">{t('products.lineRoaming.unavailable')}</Text>
      ) : !read.data ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : (
        read.data.lines.map((line) => (
          <LineRoamingGroup
            key={line.lineId}
            line={line}
            bounds={{ capMinCents: read.data.capMinCents, capMaxCents: read.data.capMaxCents }}
          />
        ))
      )}
    </Stack>
  );
}

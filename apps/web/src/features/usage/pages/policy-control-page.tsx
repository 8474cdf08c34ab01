import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { UsageLine } from '@selfcare/domain/contracts/usage';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import type { LineUsagePolicyInput } from '@selfcare/domain/schemas/usage';
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { useSetLineOptions } from '../api/set-line-options.ts';
import { BalancesPage } from '../components/balances-page.tsx';
import { lineName } from '../format.ts';
import '../texts.ts';

/** When each change counts from, once saved. */
interface Notes {
  rollover?: string;
  stopDataAtLimit?: string;
}

/**
 * A switch named by its label alone, its explanation read after it, and once saved when the change
 * counts from.
 */
function PolicySwitch({
  label,
  help,
  checked,
  disabled,
  onChange,
  note,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  note?: string;
}) {
  const helpId = useId();
  return (
    <div>
      <Switch
        label={label}
        aria-describedby={helpId}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <Text id={helpId} size="sm" c="dimmed" mt={4}>
        {help}
      </Text>
      {note && (
        <Text size="sm" mt={4} role="status">
          {note}
        </Text>
      )}
    </div>
  );
}

/**
 * One line's switches, saved one at a time. Rollover counts from the next renewal, the stop at 100% at
 * once; a plan with unlimited data has neither.
 */
function LinePolicy({ line, renewsAt }: { line: UsageLine; renewsAt: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const save = useSetLineOptions(line.id);
  const [notes, setNotes] = useState<Notes>({});
  const name = lineName(line);
  // While a change is being saved, its switch shows the value asked for.
  const asked: LineUsagePolicyInput = save.isPending ? (save.variables ?? {}) : {};

  const change = (options: LineUsagePolicyInput) =>
    save.mutate(options, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setNotes((n) =>
          'rollover' in options
            ? { ...n, rollover: t('usage.policy.fromDate', { date: formatSg(renewsAt, 'day') }) }
            : { ...n, stopDataAtLimit: t('usage.policy.now') },
        );
      },
    });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {name}
      </Title>
      <Text size="sm" c="dimmed">
        {line.planName}
      </Text>
      {line.unlimited.data ? (
        <Text mt="md">{t('usage.policy.unlimited')}</Text>
      ) : (
        <Stack mt="md" gap="md">
          {/* Shown as they are, and not to be changed until support resumes the line (ADR 0025). */}
          {line.suspended && <Text>{tm(LineServiceMessages.suspendedLine)}</Text>}
          <PolicySwitch
            label={t('usage.policy.rollover', { line: name })}
            help={t('usage.policy.rolloverHelp')}
            checked={asked.rollover ?? line.rollover}
            disabled={save.isPending || line.suspended}
            onChange={(on) => change({ rollover: on })}
            note={notes.rollover}
          />
          <PolicySwitch
            label={t('usage.policy.stop', { line: name })}
            help={t('usage.policy.stopHelp')}
            checked={asked.stopDataAtLimit ?? line.stopDataAtLimit}
            disabled={save.isPending || line.suspended}
            onChange={(on) => change({ stopDataAtLimit: on })}
            note={notes.stopDataAtLimit}
          />
          {save.isError && <FormError message={save.error.message} />}
        </Stack>
      )}
    </Paper>
  );
}

/** /manage/policyControl: data rollover and the stop at 100%, line by line. */
export default function PolicyControlPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <BalancesPage route={route}>
      {(balances) =>
        balances.lines.length === 0 ? (
          <Text>{t('usage.noLines')}</Text>
        ) : (
          balances.lines.map((line) => <LinePolicy key={line.id} line={line} renewsAt={balances.renewsAt} />)
        )
      }
    </BalancesPage>
  );
}

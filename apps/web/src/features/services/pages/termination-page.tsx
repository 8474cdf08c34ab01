import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { TerminationView } from '@selfcare/domain/contracts/line-services';
import { terminateSchema } from '@selfcare/domain/schemas/line-services';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg, formatSgDay } from '../../../lib/sg-date.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useCancelTermination, useTerminate, useTerminations } from '../api/line-services.ts';
import { lineName } from '../components/line-name.ts';
import '../texts.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { pageTitle } from '../../../lib/route-texts.ts';

const ACCOUNT = 'account';

/** The ends already asked for, each cancellable until its day. */
function Scheduled({ view }: { view: TerminationView }) {
  const { t } = useTranslation();
  const cancel = useCancelTermination();
  const set = view.lines.filter((l) => l.termination);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="scheduled-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="scheduled-title">
          {t('services.termination.scheduledTitle')}
        </Title>
        {set.length === 0 && <Text>{t('services.termination.none')}</Text>}
        {set.map((l) => (
          <Group key={l.lineId} justify="space-between">
            <Text>
              {lineName(l)}:{' '}
              {t(
                l.termination?.wholeAccount
                  ? 'services.termination.scheduledAccount'
                  : 'services.termination.scheduled',
                {
                  date: formatSgDay(l.termination?.effectiveOn ?? ''),
                },
              )}
            </Text>
            <Button
              size="xs"
              variant="default"
              loading={cancel.isPending && cancel.variables === l.termination?.id}
              onClick={() =>
                cancel.mutate(l.termination?.id ?? '', { onSuccess: (res) => notifySuccess(res.message) })
              }
            >
              {t('services.termination.cancel', { line: lineName(l) })}
            </Button>
          </Group>
        ))}
        {cancel.isError && <FormError message={cancel.error.message} />}
      </Stack>
    </Paper>
  );
}

function TerminateForm({ view }: { view: TerminationView }) {
  const { t } = useTranslation();
  const terminate = useTerminate();
  const form = useZodForm(terminateSchema, {
    scope: undefined,
    lineId: null,
    effectiveOn: view.today,
    password: '',
  });
  const v = form.values;
  const hasSubLines = view.lines.some((l) => !l.isMainLine);
  const choice = v.scope === 'account' ? ACCOUNT : (v.lineId ?? null);
  const onSubmit = form.submit(async (input) => {
    const res = await terminate.mutateAsync(input);
    notifySuccess(res.message);
    form.setField('password', '');
  });
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {form.formError && <FormError message={form.formError} />}
          <Radio.Group
            label={t('services.termination.what')}
            required
            value={choice}
            onChange={(value) => {
              form.setField('scope', value === ACCOUNT ? 'account' : 'line');
              form.setField('lineId', value === ACCOUNT ? null : value);
            }}
            error={form.errors.scope ?? form.errors.lineId}
            description={hasSubLines ? t('services.termination.mainOnlyWithAccount') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {view.lines
                .filter((l) => !l.termination && (!l.isMainLine || !hasSubLines))
                .map((l) => (
                  <Radio key={l.lineId} value={l.lineId} label={lineName(l)} />
                ))}
              <Radio value={ACCOUNT} label={t('services.termination.account')} />
            </Stack>
          </Radio.Group>
          <TextInput
            type="date"
            label={t('services.termination.date')}
            required
            min={view.today}
            max={view.latest}
            {...form.fieldProps('effectiveOn')}
          />
          <PasswordInput
            label={t('services.termination.password')}
            required
            autoComplete="current-password"
            {...form.fieldProps('password')}
          />
          <Alert color="red" variant="light">
            {t('services.termination.intro')}
          </Alert>
          <Group>
            <Button type="submit" color="red" loading={terminate.isPending}>
              {t('services.termination.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /manage/termination: end a line, or the whole account, on a chosen day, with the password. */
export default function TerminationPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const read = useTerminations();
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <QueryView query={read}>
        {(view) => (
          <>
            {view.awaitingNetwork.map((l) => (
              <Alert key={l.lineId} role="status" color="yellow" variant="light">
                {t('services.termination.awaitingNetwork', {
                  line: lineName(l),
                  date: formatSg(l.endedAt, 'moment'),
                })}
              </Alert>
            ))}
            {view.lines.length === 0 ? (
              <Text>{t('services.noLines')}</Text>
            ) : (
              <>
                <Scheduled view={view} />
                <TerminateForm view={view} />
              </>
            )}
          </>
        )}
      </QueryView>
    </Stack>
  );
}

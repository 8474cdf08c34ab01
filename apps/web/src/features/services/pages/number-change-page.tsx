import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatMoney, formatSgMobile, pathFor, type RouteDef } from '@selfcare/domain';
import type { NumberChangeView } from '@selfcare/domain/contracts/line-services';
import { LineServiceMessages, NumberChangeMessages } from '@selfcare/domain/line-services';
import { NETWORKS } from '@selfcare/domain/order';
import { reinitiatePortSchema } from '@selfcare/domain/schemas/line-services';
import { type RefObject, useState } from 'react';
import { NumberPicker } from '../../../components/numbers/number-picker.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import {
  useConfirmNumberChange,
  useDropHold,
  useHoldNumber,
  useNumberChanges,
  useNumberChoices,
  useReinitiatePort,
} from '../api/number-changes.ts';
import { ChooseLinePage } from '../components/choose-line-page.tsx';
import { lineName } from '../components/line-name.ts';
import { useNetworkSlow } from '../components/use-network-slow.ts';
import '../texts.ts';
import { formatSgDateTime } from '../../../lib/sg-date.ts';

type Line = NumberChangeView['lines'][number];
const plus65 = (msisdn: string) => `+65 ${formatSgMobile(msisdn)}`;
/** The number held for the line, while its hold runs; '' when none is. */
const heldNumber = (line: Line) =>
  line.change?.state === 'held' && Date.parse(line.change.heldUntil) > Date.now() ? line.change.toMsisdn : '';
/** How long a change may wait for the network before the page says it is not answering. */

/** The number held for the line: what it costs, when it takes effect, and confirm or give it back. */
function HeldNumber({
  line,
  onDone,
  titleRef,
}: {
  line: Line;
  onDone: () => void;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmNumberChange(line.lineId);
  const drop = useDropHold(line.lineId);
  const change = line.change;
  if (change?.state !== 'held' || !heldNumber(line)) return null;
  const error = confirm.error ?? drop.error;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`held-${line.lineId}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={`held-${line.lineId}`} ref={titleRef} tabIndex={-1}>
          {t('services.numberChange.heldTitle', { number: plus65(change.toMsisdn) })}
        </Title>
        <Text>
          {t('services.numberChange.heldUntil', { time: formatSgDateTime(new Date(change.heldUntil)) })}
        </Text>
        <Text>
          {change.feeCents > 0
            ? t('services.numberChange.fee', { fee: formatMoney(change.feeCents) })
            : t('services.numberChange.free')}
        </Text>
        <Text>{t('services.numberChange.when', { old: plus65(change.fromMsisdn) })}</Text>
        {line.isMainLine && (
          <Alert color="gray" variant="light">
            <Text size="sm" fw={700}>
              {t('services.numberChange.codesTitle', { old: plus65(change.fromMsisdn) })}
            </Text>
            <Text size="sm">{t('services.numberChange.codes', { old: plus65(change.fromMsisdn) })}</Text>
          </Alert>
        )}
        {error && <FormError message={error.message} />}
        <Group>
          <Button
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(
                { msisdn: change.toMsisdn },
                {
                  onSuccess: (res) => {
                    onDone();
                    notifySuccess(res.message);
                  },
                },
              )
            }
          >
            {t('services.numberChange.confirm', { number: plus65(change.toMsisdn) })}
          </Button>
          <Button
            variant="default"
            loading={drop.isPending}
            onClick={() =>
              drop.mutate(undefined, {
                onSuccess: (res) => {
                  onDone();
                  notifySuccess(res.message);
                },
              })
            }
          >
            {t('services.numberChange.keep')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Choose a new number: choosing holds it at once, as in ordering. */
function ChooseNumber({ line, onDone }: { line: Line; onDone: () => void }) {
  const { t } = useTranslation();
  const hold = useHoldNumber(line.lineId);
  const held = heldNumber(line);
  const [picked, setPicked] = useState(held);
  // Held: the hold button goes and the held number's section comes, with what to do next.
  const heldFocus = useFocusAfter<HTMLHeadingElement>(held);
  return (
    <Stack gap="xs">
      <NumberPicker
        name={`new-number-${line.lineId}`}
        value={picked}
        label={t('services.numberChange.choose')}
        error={hold.error?.message}
        onChange={setPicked}
        useNumbers={useNumberChoices}
      />
      {picked && picked !== held && (
        <Group>
          <Button
            loading={hold.isPending}
            onClick={() =>
              hold.mutate(
                { msisdn: picked },
                {
                  onSuccess: (res) => {
                    heldFocus.acted();
                    notifySuccess(res.message);
                  },
                },
              )
            }
          >
            {t('services.numberChange.holdThis', { number: plus65(picked) })}
          </Button>
        </Group>
      )}
      <HeldNumber line={line} onDone={onDone} titleRef={heldFocus.target} />
    </Stack>
  );
}

/** A failed port-in: port a number in again, with its donor details, for the next window. */
function ReinitiatePort({ line }: { line: Line }) {
  const { t } = useTranslation();
  const failed = line.failedPort;
  const reinitiate = useReinitiatePort(failed?.id ?? '');
  const form = useZodForm(reinitiatePortSchema, {
    msisdn: failed?.msisdn ?? '',
    donorNetwork: failed?.donorNetwork ?? 0,
    donorIdNumber: failed?.donorIdNumber ?? '',
    confirmPostpaid: false,
  });
  if (!failed) return null;
  // Once submitted, the view read again shows the line's port in progress, with where to follow it.
  const onSubmit = form.submit(async (input) => notifySuccess((await reinitiate.mutateAsync(input)).message));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`port-${line.lineId}`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5" id={`port-${line.lineId}`}>
            {t('services.numberChange.portAgain')}
          </Title>
          {form.formError && <FormError message={form.formError} />}
          <TextInput
            label={t('services.numberChange.portNumber')}
            inputMode="tel"
            required
            {...form.fieldProps('msisdn')}
          />
          <NativeSelect
            label={t('services.numberChange.donor')}
            name="donorNetwork"
            value={String(form.values.donorNetwork)}
            error={form.errors.donorNetwork}
            onChange={(e) => form.setField('donorNetwork', Number(e.currentTarget.value))}
            data={NETWORKS.map((n, i) => ({ value: String(i), label: n }))}
          />
          <TextInput
            label={t('services.numberChange.donorId')}
            required
            {...form.fieldProps('donorIdNumber')}
          />
          <Checkbox
            label={t('services.numberChange.postpaid')}
            checked={form.values.confirmPostpaid === true}
            error={form.errors.confirmPostpaid}
            onChange={(e) => form.setField('confirmPostpaid', e.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={reinitiate.isPending}>
              {t('services.numberChange.submitPort')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Where the line's number change stands, or why its number cannot change now. */
function LineStatus({ line }: { line: Line }) {
  const { t } = useTranslation();
  const change = line.change;
  const slow = useNetworkSlow(change?.state === 'pending' ? change.confirmedAt : null);
  if (change?.state === 'pending') {
    return (
      <Alert color={slow ? 'orange' : 'blue'} variant="light">
        {t(slow ? 'services.numberChange.pendingLong' : 'services.numberChange.pending', {
          number: plus65(change.toMsisdn),
        })}
      </Alert>
    );
  }
  return (
    <>
      {change?.state === 'completed' && change.completedAt && (
        <Text>
          {t('services.numberChange.done', {
            from: plus65(change.fromMsisdn),
            to: plus65(change.toMsisdn),
            at: formatSgDateTime(new Date(change.completedAt)),
          })}
        </Text>
      )}
      {change?.state === 'failed' && (
        <Alert color="red" variant="light">
          {t('services.numberChange.failed', { number: plus65(change.toMsisdn) })} {change.failure}
        </Alert>
      )}
    </>
  );
}

function LineSection({ line }: { line: Line }) {
  const { t } = useTranslation();
  const blocked = line.suspended
    ? LineServiceMessages.suspendedLine
    : line.portInProgress
      ? NumberChangeMessages.portInProgress
      : null;
  // Confirmed or given back: the held number's buttons go; the line's heading keeps the place.
  const focus = useFocusAfter<HTMLHeadingElement>(
    line.change ? `${line.change.state}:${line.change.toMsisdn}` : null,
  );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`line-${line.lineId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`line-${line.lineId}`} ref={focus.target} tabIndex={-1}>
          {lineName(line)}
        </Title>
        {line.temporaryMsisdn && (
          <Text>{t('services.numberChange.temporary', { number: plus65(line.temporaryMsisdn) })}</Text>
        )}
        <div role="status">
          <LineStatus line={line} />
        </div>
        {line.change?.state !== 'pending' ? (
          <Text>
            {line.feeCents > 0
              ? t('services.numberChange.feeBefore', { fee: formatMoney(line.feeCents) })
              : t('services.numberChange.freeBefore')}
          </Text>
        ) : null}
        {blocked ? (
          <Text>
            {tm(blocked)}{' '}
            {line.portInProgress && !line.suspended && (
              <Link to={pathFor('numberPort')}>{t('services.numberChange.seePort')}</Link>
            )}
          </Text>
        ) : line.change?.state === 'pending' ? null : (
          <>
            {line.failedPort && (
              <Alert color="orange" variant="light">
                {t('services.numberChange.portFailed', { number: plus65(line.failedPort.msisdn) })}
              </Alert>
            )}
            <ReinitiatePort line={line} />
            <ChooseNumber line={line} onDone={focus.acted} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** /manage/numberChange: a new number for a line, held while choosing, with its fee and when it takes effect. */
export default function NumberChangePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <ChooseLinePage
      route={route}
      read={useNumberChanges()}
      intro={(view) => t('services.numberChange.intro', { minutes: view.holdMinutes })}
      which={t('services.numberChange.which')}
    >
      {(line) => <LineSection key={line.lineId} line={line} />}
    </ChooseLinePage>
  );
}

import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { StaffOrder } from '@selfcare/domain/contracts/staff';
import type { Endpoints, StaffKey } from '@selfcare/domain/endpoints';
import {
  activateByImsiSchema,
  createDeliverySchema,
  DELIVERY_METHOD_LABELS,
  deliveryOrderDefaults,
  FulfilmentMessages as M,
  SHIPPING_METHODS,
  type ShippingMethod,
  type StaffOrderAction,
  staffActionInfo,
  staffMay,
  staffNoteSchema,
  staffReasonSchema,
} from '@selfcare/domain/fulfilment';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { formatSg } from '../../lib/sg-date.ts';
import { sgToday } from '../../lib/sg-today.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffCall, useStaff } from '../staff-api.ts';
import '../texts.ts';

type OrderActionKey = Extract<StaffKey, `POST /staff/orders/:id/${string}`>;

/** An order's line, as the forms name it. */
type Line = Pick<StaffOrder['lines'][number], 'id' | 'label' | 'msisdn'>;

/** What the customer chose when ordering, for the delivery form to start from. */
export type ChosenDelivery = Pick<StaffOrder, 'deliveryMethod' | 'deliveryDate'>;

/** The actions the order can take now, offered to a staff member whose role may take them. */
export function OrderActions({
  orderId,
  actions,
  lines,
  chosen,
}: {
  orderId: string;
  actions: string[];
  lines: Line[];
  chosen: ChosenDelivery;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [open, setOpen] = useState<StaffOrderAction | null>(null);
  const offered = actions.map(staffActionInfo).filter((a) => a !== undefined);
  // A form that finished closes itself only: the console refreshes before it says so, and an action
  // the refresh offered may already be open by then.
  const close = (action: string) => () => setOpen((now) => (now === action ? null : now));
  if (!staff) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('staff.actions.title')}
      </Title>
      {offered.length === 0 && <p>{t('staff.actions.nothing')}</p>}
      <Group gap="xs">
        {offered.map((a) =>
          staffMay(staff.role, a.action) ? (
            <Button
              key={a.action}
              // A shade with 'light' paints the label in the button's own colour: outline instead.
              variant={open === a.action ? 'filled' : a.endsOrder ? 'outline' : 'light'}
              color={a.endsOrder ? 'red.9' : undefined}
              aria-expanded={open === a.action}
              onClick={() => setOpen(open === a.action ? null : a.action)}
            >
              {a.label}
            </Button>
          ) : (
            <Button key={a.action} variant="default" disabled title={M.notAllowedForRole(a.role)}>
              {a.label} ({a.role})
            </Button>
          ),
        )}
      </Group>
      {open === 'create-delivery' && (
        <DeliveryForm orderId={orderId} lines={lines} chosen={chosen} onDone={close('create-delivery')} />
      )}
      {open === 'activate' && <ActivateForm orderId={orderId} lines={lines} onDone={close('activate')} />}
      {open && open !== 'create-delivery' && open !== 'activate' && (
        <ActionForm key={open} orderId={orderId} action={open} onDone={close(open)} />
      )}
    </Paper>
  );
}

/**
 * Sends one action (`send` calls its contract key), then says so, refreshes what the console shows and
 * closes the form.
 */
function useAction(onDone: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const res = await send();
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** An action's form: its errors first, its fields, then Confirm and Close. */
export function ActionFrame(props: {
  action: string;
  busy: boolean;
  errors: (string | null | undefined)[];
  onSubmit: (e?: { preventDefault(): void }) => void;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errors = props.errors.filter(Boolean);
  const label = staffActionInfo(props.action)?.label;
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={label}>
      <Stack mt="md" maw={560}>
        {errors.map((e) => (
          <Alert key={e} color="red" role="alert">
            {e}
          </Alert>
        ))}
        {props.children}
        <Group>
          <Button type="submit" loading={props.busy}>
            {t('staff.actions.confirm', { action: label ?? '' })}
          </Button>
          <Button variant="subtle" onClick={props.onDone}>
            {t('staff.common.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One input per line (the SIM's ICCID, or its IMSI), kept in the form's list field `field`. */
function PerLineInputs<K extends string>(props: {
  lines: Line[];
  entries: ({ lineId: string } & Record<K, string>)[];
  field: string;
  valueKey: K;
  label: (line: Line) => string;
  description: string;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (entries: ({ lineId: string } & Record<K, string>)[]) => void;
}) {
  return props.lines.map((l, i) => (
    <TextInput
      key={l.id}
      label={props.label(l)}
      description={props.description}
      inputMode="numeric"
      required
      value={props.entries[i]?.[props.valueKey] ?? ''}
      error={props.errors[`${props.field}.${i}.${props.valueKey}`]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        props.onChange(props.entries.map((x, j) => (j === i ? { ...x, [props.valueKey]: value } : x)));
      }}
    />
  ));
}

/** The actions whose form is a reason or a note. */
type FormAction = Exclude<StaffOrderAction, 'create-delivery' | 'activate'>;

/** An action on the order whose body is a reason the customer is told. */
type ReasonKey = {
  [K in OrderActionKey]: Endpoints[K] extends { body: typeof staffReasonSchema } ? K : never;
}[OrderActionKey];

/**
 * The key each action that takes a reason sends it to: its STAFF_ACTIONS path under the order. The
 * compiler checks each is a contract key taking a reason, and that each other action has its own form.
 */
const REASON_KEYS = {
  reject: 'POST /staff/orders/:id/reject',
  'request-documents': 'POST /staff/orders/:id/request-documents',
  'mark-delivery-failed': 'POST /staff/orders/:id/delivery-failed',
  cancel: 'POST /staff/orders/:id/cancel',
} as const satisfies Record<Exclude<FormAction, 'verify' | 'mark-delivered'>, ReasonKey>;

function ActionForm({
  orderId,
  action,
  onDone,
}: {
  orderId: string;
  action: FormAction;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { busy, run } = useAction(onDone);
  const needsReason = action !== 'verify' && action !== 'mark-delivered';
  const reason = useZodForm(staffReasonSchema, { reason: '' });
  const note = useZodForm(staffNoteSchema, { note: '' });
  const form = needsReason ? reason : note;
  const params = { id: orderId };
  const onSubmit = needsReason
    ? reason.submit((body) => run(() => staffCall(REASON_KEYS[action], { params, body })))
    : note.submit((body) =>
        run(() =>
          action === 'verify'
            ? staffCall('POST /staff/orders/:id/verify', { params, body })
            : staffCall('POST /staff/orders/:id/delivered', { params }),
        ),
      );
  return (
    <ActionFrame action={action} busy={busy} errors={[form.formError]} onSubmit={onSubmit} onDone={onDone}>
      {needsReason ? (
        <Textarea
          label={t('staff.common.reason')}
          description={t('staff.actions.reasonHint')}
          required
          autosize
          minRows={2}
          {...reason.fieldProps('reason')}
        />
      ) : action === 'verify' ? (
        <Textarea label={t('staff.actions.note')} autosize minRows={2} {...note.fieldProps('note')} />
      ) : null}
    </ActionFrame>
  );
}

function ActivateForm({ orderId, lines, onDone }: { orderId: string; lines: Line[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAction(onDone);
  const form = useZodForm(activateByImsiSchema, { lines: lines.map((l) => ({ lineId: l.id, imsi: '' })) });
  return (
    <ActionFrame
      action="activate"
      busy={busy}
      errors={[form.formError, form.errors.lines]}
      onSubmit={form.submit((body) =>
        run(() => staffCall('POST /staff/orders/:id/activate', { params: { id: orderId }, body })),
      )}
      onDone={onDone}
    >
      <PerLineInputs
        lines={lines}
        entries={form.values.lines as { lineId: string; imsi: string }[]}
        field="lines"
        valueKey="imsi"
        label={(l) => t('staff.actions.imsiFor', { line: l.label, msisdn: l.msisdn })}
        description={t('staff.actions.imsiHint')}
        errors={form.errors}
        onChange={(entries) => form.setField('lines', entries)}
      />
    </ActionFrame>
  );
}

function DeliveryForm({
  orderId,
  lines,
  chosen,
  onDone,
}: {
  orderId: string;
  lines: Line[];
  chosen: ChosenDelivery;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { busy, run } = useAction(onDone);
  const start = deliveryOrderDefaults(chosen, sgToday());
  const form = useZodForm(createDeliverySchema, {
    deliveryMethod: start.method,
    deliveryDate: start.date,
    trackingCode: '',
    sims: lines.map((l) => ({ lineId: l.id, iccid: '' })),
  });
  return (
    <ActionFrame
      action="create-delivery"
      busy={busy}
      errors={[form.formError, form.errors.sims]}
      onSubmit={form.submit((body) =>
        run(() => staffCall('POST /staff/orders/:id/deliveries', { params: { id: orderId }, body })),
      )}
      onDone={onDone}
    >
      <DeliveryFields form={form} chosenDate={chosen.deliveryDate} />
      <PerLineInputs
        lines={lines}
        entries={form.values.sims as { lineId: string; iccid: string }[]}
        field="sims"
        valueKey="iccid"
        label={(l) => t('staff.actions.iccidFor', { line: l.label, msisdn: l.msisdn })}
        description={t('staff.actions.iccidHint')}
        errors={form.errors}
        onChange={(entries) => form.setField('sims', entries)}
      />
    </ActionFrame>
  );
}

/** The parts of a form 'Create delivery order' fills in, whatever it sends: an order's or a replacement's. */
interface DeliveryForm {
  values: { deliveryMethod?: ShippingMethod };
  setField: (key: 'deliveryMethod', value: ShippingMethod) => void;
  fieldProps: (key: 'deliveryDate' | 'trackingCode') => {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (e: { currentTarget: { value: string } }) => void;
  };
}

/**
 * How and when a SIM goes, and its tracking code: the fields of 'Create delivery order', for an
 * order's lines and for a lost SIM's replacement alike.
 */
export function DeliveryFields({ form, chosenDate }: { form: DeliveryForm; chosenDate?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('staff.actions.deliveryMethod')}
        data={SHIPPING_METHODS.map((m) => ({ value: String(m), label: DELIVERY_METHOD_LABELS[m] as string }))}
        value={String(form.values.deliveryMethod)}
        onChange={(v) => form.setField('deliveryMethod', Number(v) as ShippingMethod)}
        allowDeselect={false}
      />
      <TextInput
        label={t('staff.actions.deliveryDate')}
        description={
          chosenDate ? t('staff.actions.chosenDate', { date: formatSg(chosenDate, 'weekday') }) : undefined
        }
        type="date"
        required
        {...form.fieldProps('deliveryDate')}
      />
      <TextInput
        label={t('staff.actions.trackingCode')}
        description={M.trackingCodeHint}
        required
        {...form.fieldProps('trackingCode')}
      />
    </>
  );
}

import { Button, Group, Paper, Textarea, TextInput, Title } from '@mantine/core';
import type { StaffReplacement } from '@selfcare/domain/contracts/staff';
import {
  deliveryOrderDefaults,
  FulfilmentMessages as M,
  replacementActivationSchema,
  replacementDeliverySchema,
  staffActionInfo,
  staffMay,
  staffNoteSchema,
  staffReasonSchema,
} from '@selfcare/domain/fulfilment';
import type { StaffReplacementAction } from '@selfcare/domain/line-services';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { sgToday } from '../../lib/sg-today.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffCall, useStaff } from '../staff-api.ts';
import { ActionFrame, DeliveryFields } from './order-actions.tsx';
import '../texts.ts';

/**
 * Sends one action on the replacement (`send` calls its contract key), says so, refreshes the console
 * and closes the form.
 */
function useReplacementAction(onDone: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const res = await send();
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'replacements'] });
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

type FormProps = { r: StaffReplacement; onDone: () => void };

/** 'Create delivery order' for the replacement: how and when it goes, and the SIM from stock it is. */
function DeliveryForm({ r, onDone }: FormProps) {
  const { t } = useTranslation();
  const { busy, run } = useReplacementAction(onDone);
  const start = deliveryOrderDefaults({ deliveryMethod: null, deliveryDate: null }, sgToday());
  const form = useZodForm(replacementDeliverySchema, {
    deliveryMethod: start.method,
    deliveryDate: start.date,
    trackingCode: '',
    iccid: '',
  });
  return (
    <ActionFrame
      action="create-delivery"
      busy={busy}
      errors={[form.formError]}
      onSubmit={form.submit((body) =>
        run(() => staffCall('POST /staff/replacements/:id/deliveries', { params: { id: r.id }, body })),
      )}
      onDone={onDone}
    >
      <DeliveryFields form={form} />
      <TextInput
        label={t('staff.actions.newIccid', { msisdn: r.msisdn })}
        description={t('staff.actions.iccidHint')}
        inputMode="numeric"
        required
        {...form.fieldProps('iccid')}
      />
    </ActionFrame>
  );
}

function ActivateForm({ r, onDone }: FormProps) {
  const { t } = useTranslation();
  const { busy, run } = useReplacementAction(onDone);
  const form = useZodForm(replacementActivationSchema, { imsi: '' });
  return (
    <ActionFrame
      action="activate"
      busy={busy}
      errors={[form.formError]}
      onSubmit={form.submit((body) =>
        run(() => staffCall('POST /staff/replacements/:id/activate', { params: { id: r.id }, body })),
      )}
      onDone={onDone}
    >
      <TextInput
        label={t('staff.actions.newImsi', { msisdn: r.msisdn })}
        description={t('staff.actions.imsiHint')}
        inputMode="numeric"
        required
        {...form.fieldProps('imsi')}
      />
    </ActionFrame>
  );
}

function FailedForm({ r, onDone }: FormProps) {
  const { t } = useTranslation();
  const { busy, run } = useReplacementAction(onDone);
  const form = useZodForm(staffReasonSchema, { reason: '' });
  return (
    <ActionFrame
      action="mark-delivery-failed"
      busy={busy}
      errors={[form.formError]}
      onSubmit={form.submit((body) =>
        run(() => staffCall('POST /staff/replacements/:id/delivery-failed', { params: { id: r.id }, body })),
      )}
      onDone={onDone}
    >
      <Textarea
        label={t('staff.common.reason')}
        required
        autosize
        minRows={2}
        {...form.fieldProps('reason')}
      />
    </ActionFrame>
  );
}

function DeliveredForm({ r, onDone }: FormProps) {
  const { busy, run } = useReplacementAction(onDone);
  const form = useZodForm(staffNoteSchema, {});
  return (
    <ActionFrame
      action="mark-delivered"
      busy={busy}
      errors={[form.formError]}
      onSubmit={form.submit(() =>
        run(() => staffCall('POST /staff/replacements/:id/delivered', { params: { id: r.id } })),
      )}
      onDone={onDone}
    />
  );
}

const FORMS: Record<StaffReplacementAction, (p: FormProps) => ReactNode> = {
  'create-delivery': DeliveryForm,
  'mark-delivered': DeliveredForm,
  'mark-delivery-failed': FailedForm,
  activate: ActivateForm,
};

/**
 * The actions a replacement can take now, offered to a staff member whose role may take them: the
 * same forms, and rights, as the same actions on an order.
 */
export function ReplacementActions({ r }: { r: StaffReplacement }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [open, setOpen] = useState<StaffReplacementAction | null>(null);
  const actions = r.actions as StaffReplacementAction[];
  if (!staff || actions.length === 0) return null;
  const Form = open ? FORMS[open] : null;
  // A form that finished closes itself only: the console refreshes before it says so, and an action
  // the refresh offered may already be open by then.
  const close = (action: StaffReplacementAction) => () => setOpen((now) => (now === action ? null : now));
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {t('staff.actions.title')}
      </Title>
      <Group gap="xs">
        {actions.map((a) => {
          const info = staffActionInfo(a);
          if (!info) return null;
          return staffMay(staff.role, a) ? (
            <Button
              key={a}
              size="xs"
              variant={open === a ? 'filled' : 'light'}
              aria-expanded={open === a}
              onClick={() => setOpen(open === a ? null : a)}
            >
              {info.label}
            </Button>
          ) : (
            <Button key={a} size="xs" variant="default" disabled title={M.notAllowedForRole(info.role)}>
              {info.label} ({info.role})
            </Button>
          );
        })}
      </Group>
      {Form && open && <Form key={open} r={r} onDone={close(open)} />}
    </Paper>
  );
}

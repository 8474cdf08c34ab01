import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { DeliveryMethod } from '@selfcare/domain';
import {
  activateByImsiSchema,
  createDeliverySchema,
  DELIVERY_METHOD_LABELS,
  roleFor,
  type StaffCapability,
  staffMay,
  staffNoteSchema,
  staffReasonSchema,
} from '@selfcare/domain/fulfilment';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { staffCall, useStaff } from '../staff-api.ts';

const LABELS: Record<string, string> = {
  verify: 'Verify',
  reject: 'Reject order',
  'request-documents': 'Request documents',
  'create-delivery': 'Create delivery order',
  'mark-delivered': 'Mark delivered',
  'mark-delivery-failed': 'Mark delivery failed',
  activate: 'Enter IMSI to activate',
  cancel: 'Cancel order',
};
const PATHS: Record<string, string> = {
  verify: 'verify',
  reject: 'reject',
  'request-documents': 'request-documents',
  'create-delivery': 'deliveries',
  'mark-delivered': 'delivered',
  'mark-delivery-failed': 'delivery-failed',
  activate: 'activate',
  cancel: 'cancel',
};
const NEEDS_REASON = new Set(['reject', 'request-documents', 'mark-delivery-failed', 'cancel']);

interface Line {
  id: string;
  label: string;
  msisdn: string;
}

/** The actions the order can take now, offered to a staff member whose role may take them. */
export function OrderActions({
  orderId,
  actions,
  lines,
}: {
  orderId: string;
  actions: string[];
  lines: Line[];
}) {
  const staff = useStaff();
  const [open, setOpen] = useState<string | null>(null);
  const offered = actions.filter((a) => LABELS[a]);
  if (!staff) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Actions
      </Title>
      {offered.length === 0 && <p>Nothing to do on this order now.</p>}
      <Group gap="xs">
        {offered.map((a) =>
          staffMay(staff.role, a as StaffCapability) ? (
            <Button
              key={a}
              variant={open === a ? 'filled' : 'light'}
              color={a === 'reject' || a === 'cancel' ? 'red.9' : undefined}
              aria-expanded={open === a}
              onClick={() => setOpen(open === a ? null : a)}
            >
              {LABELS[a]}
            </Button>
          ) : (
            <Button
              key={a}
              variant="default"
              disabled
              title={`Only a ${roleFor(a as StaffCapability)} can do this.`}
            >
              {LABELS[a]} ({roleFor(a as StaffCapability)})
            </Button>
          ),
        )}
      </Group>
      {open === 'create-delivery' && (
        <DeliveryForm orderId={orderId} lines={lines} onDone={() => setOpen(null)} />
      )}
      {open === 'activate' && <ActivateForm orderId={orderId} lines={lines} onDone={() => setOpen(null)} />}
      {open && open !== 'create-delivery' && open !== 'activate' && (
        <ActionForm key={open} orderId={orderId} action={open} onDone={() => setOpen(null)} />
      )}
    </Paper>
  );
}

function useRun(orderId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return async (action: string, payload: object) => {
    const res = await staffCall<{ status: string }>('POST', `/orders/${orderId}/${PATHS[action]}`, payload);
    notifySuccess(res.message);
    await queryClient.invalidateQueries({ queryKey: ['staff'] });
    onDone();
  };
}

function ActionForm({ orderId, action, onDone }: { orderId: string; action: string; onDone: () => void }) {
  const run = useRun(orderId, onDone);
  const needsReason = NEEDS_REASON.has(action);
  const reason = useZodForm(staffReasonSchema, { reason: '' });
  const note = useZodForm(staffNoteSchema, { note: '' });
  const form = needsReason ? reason : note;
  const [busy, setBusy] = useState(false);
  const onSubmit = (needsReason ? reason.submit : note.submit)(async (data) => {
    setBusy(true);
    try {
      await run(action, data);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={LABELS[action]}>
      <Stack mt="md" maw={560}>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {needsReason ? (
          <Textarea
            label="Reason"
            description="The customer is told this reason"
            required
            autosize
            minRows={2}
            {...reason.fieldProps('reason')}
          />
        ) : action === 'verify' ? (
          <Textarea label="Note (optional)" autosize minRows={2} {...note.fieldProps('note')} />
        ) : null}
        <Group>
          <Button type="submit" loading={busy}>
            Confirm: {LABELS[action]}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ActivateForm({ orderId, lines, onDone }: { orderId: string; lines: Line[]; onDone: () => void }) {
  const run = useRun(orderId, onDone);
  const form = useZodForm(activateByImsiSchema, { lines: lines.map((l) => ({ lineId: l.id, imsi: '' })) });
  const [busy, setBusy] = useState(false);
  const onSubmit = form.submit(async (data) => {
    setBusy(true);
    try {
      await run('activate', data);
    } finally {
      setBusy(false);
    }
  });
  const entries = form.values.lines as { lineId: string; imsi: string }[];
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Enter IMSI to activate">
      <Stack mt="md" maw={560}>
        {(form.formError || form.errors.lines) && (
          <Alert color="red" role="alert">
            {form.formError ?? form.errors.lines}
          </Alert>
        )}
        {lines.map((l, i) => (
          <TextInput
            key={l.id}
            label={`IMSI of the SIM for ${l.label} (${l.msisdn})`}
            description="15 digits, printed on the SIM's card or read from the handset"
            inputMode="numeric"
            required
            value={entries[i]?.imsi ?? ''}
            error={form.errors[`lines.${i}.imsi`]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              form.setField(
                'lines',
                entries.map((x, j) => (j === i ? { ...x, imsi: value } : x)),
              );
            }}
          />
        ))}
        <Group>
          <Button type="submit" loading={busy}>
            Confirm: Activate
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const SHIPPING = [
  DeliveryMethod.HomeDelivery,
  DeliveryMethod.PostalMail,
  DeliveryMethod.SelfCollection,
  DeliveryMethod.Other,
];

function DeliveryForm({ orderId, lines, onDone }: { orderId: string; lines: Line[]; onDone: () => void }) {
  const run = useRun(orderId, onDone);
  const form = useZodForm(createDeliverySchema, {
    deliveryMethod: DeliveryMethod.HomeDelivery,
    deliveryDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
    trackingCode: '',
    sims: lines.map((l) => ({ lineId: l.id, iccid: '' })),
  });
  const [busy, setBusy] = useState(false);
  const onSubmit = form.submit(async (data) => {
    setBusy(true);
    try {
      await run('create-delivery', data);
    } finally {
      setBusy(false);
    }
  });
  const sims = form.values.sims as { lineId: string; iccid: string }[];
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create delivery order">
      <Stack mt="md" maw={560}>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {form.errors.sims && (
          <Alert color="red" role="alert">
            {form.errors.sims}
          </Alert>
        )}
        <Select
          label="Delivery method"
          data={SHIPPING.map((m) => ({ value: String(m), label: DELIVERY_METHOD_LABELS[m] as string }))}
          value={String(form.values.deliveryMethod)}
          onChange={(v) => form.setField('deliveryMethod', Number(v) as typeof form.values.deliveryMethod)}
          allowDeselect={false}
        />
        <TextInput label="Delivery date" type="date" required {...form.fieldProps('deliveryDate')} />
        <TextInput label="Tracking code" required {...form.fieldProps('trackingCode')} />
        {lines.map((l, i) => (
          <TextInput
            key={l.id}
            label={`ICCID of the SIM for ${l.label} (${l.msisdn})`}
            description="Scan or type the number under the SIM's barcode"
            inputMode="numeric"
            required
            value={sims[i]?.iccid ?? ''}
            error={form.errors[`sims.${i}.iccid`]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              form.setField(
                'sims',
                sims.map((s, j) => (j === i ? { ...s, iccid: value } : s)),
              );
            }}
          />
        ))}
        <Group>
          <Button type="submit" loading={busy}>
            Confirm: Create delivery order
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatMoney } from '@selfcare/domain';
import {
  UNMATCHED_REASON_TEXT,
  type UnmatchedPayment,
  type UnmatchedPayments,
} from '@selfcare/domain/contracts/unmatched-payments';
import { applyUnmatchedSchema, StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { StaffReasonForm } from '../components/reason-form.tsx';
import { staffApi, useStaff } from '../staff-api.ts';

const KEY = ['staff', 'payments', 'unmatched'];

/** '3 days 4 hours', '2 hours 5 minutes', '40 minutes': how long a payment has waited. */
export function waited(seconds: number): string {
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  return unit(minutes, 'minute');
}

/** A supervisor names the bill to apply the payment to, and why. */
function ApplyForm({ payment, onDone }: { payment: UnmatchedPayment; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(applyUnmatchedSchema, { billNumber: payment.bill?.number ?? '', reason: '' });
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = form.submit(async (data) => {
    setBusy(true);
    try {
      const res = await staffApi.post<{ billId: string }>(`/payments/unmatched/${payment.id}/apply`, data);
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      onDone();
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Apply ${payment.reference} to a bill`}>
      <Stack gap="xs">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput
          ref={first}
          label="Bill number"
          description="As the customer's bill shows it; find it on the customer's bills"
          required
          {...form.fieldProps('billNumber')}
        />
        <Textarea label="Reason" required autosize minRows={2} {...form.fieldProps('reason')} />
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            Confirm: apply {formatMoney(payment.amountCents)}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Payment({ payment, canResolve }: { payment: UnmatchedPayment; canResolve: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'apply' | 'return' | null>(null);
  const customer = payment.bill?.customer;
  const card = payment.source === 'gateway';
  return (
    <Paper withBorder p="md" component="section" aria-label={`Payment ${payment.reference}`}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {card
            ? `${formatMoney(payment.amountCents)} charged to a card, for “${payment.reference}”`
            : `${formatMoney(payment.amountCents)} by PayNow, reference “${payment.reference}”`}
        </Title>
        <Text size="sm">
          {UNMATCHED_REASON_TEXT[payment.reason]}
          {payment.bill ? ` (${payment.bill.number})` : ''}. {card ? 'Charged' : 'Credited by the bank'} on{' '}
          {formatSg(payment.settledAt, 'moment')}. {card ? 'Gateway' : 'Bank'} reference {payment.id}.
        </Text>
        {customer && (
          <Group gap="md">
            <Text size="sm">
              {customer.name}, {customer.email ?? 'no email'}
            </Text>
            <Anchor component={Link} to={staffPathFor('staffBilling', { id: customer.id })} size="sm">
              The customer's bills
            </Anchor>
          </Group>
        )}
        {canResolve && open === null && (
          <Group>
            {!card && (
              <Button size="xs" variant="default" onClick={() => setOpen('apply')}>
                Apply to a bill
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => setOpen('return')}>
              {card ? 'Refund to the card' : 'Send back to the payer'}
            </Button>
          </Group>
        )}
        {open === 'apply' && <ApplyForm payment={payment} onDone={() => setOpen(null)} />}
        {open === 'return' && (
          <StaffReasonForm
            label={`Reason to ${card ? 'refund' : 'send back'} ${formatMoney(payment.amountCents)}`}
            confirm={card ? 'Confirm: refund' : 'Confirm: send back'}
            send={async (reason) => {
              const res = await staffApi.post<{ id: string }>(`/payments/unmatched/${payment.id}/return`, {
                reason,
              });
              await queryClient.invalidateQueries({ queryKey: KEY });
              return res;
            }}
            onDone={() => setOpen(null)}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** /staff/payments: money the bank credited that no bill could take, oldest first (ADR 0033). */
export default function UnmatchedPaymentsPage() {
  const staff = useStaff();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async () => (await staffApi.get<UnmatchedPayments>('/payments/unmatched')).data,
  });
  const canResolve = !!staff && staffMay(staff.role, StaffPermission.ResolvePayments);
  return (
    <Stack>
      <Title order={1} size="h3">
        Unmatched payments
      </Title>
      <Text size="sm">
        Payments the bank credited that no bill could take (the reference names no bill, or the bill was paid
        already), and card charges no payment of ours accounts for. The money is the customer's until it is
        applied to a bill, sent back or refunded.
        {canResolve ? '' : ' A supervisor applies, sends back or refunds a payment.'}
      </Text>
      {query.isPending ? (
        <Text>Loading…</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Text>No unmatched payments.</Text>
      ) : (
        <>
          <Text fw={700} role="status">
            {query.data.items.length} open; the oldest has waited {waited(query.data.oldestAgeSeconds ?? 0)}.
          </Text>
          {query.data.items.map((p) => (
            <Payment key={p.id} payment={p} canResolve={canResolve} />
          ))}
        </>
      )}
    </Stack>
  );
}

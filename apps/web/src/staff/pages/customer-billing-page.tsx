import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  BILL_STATUS_LABELS,
  type BillPaymentState,
  formatBillMonth,
  formatMoney,
  formatSgDay,
  formatSgMobile,
} from '@selfcare/domain';
import type { StaffBilling, StaffCharge } from '@selfcare/domain/contracts/staff-billing';
import {
  STAFF_CREDIT_MAX_CENTS,
  StaffPermission,
  staffCreditSchema,
  staffMay,
} from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { StaffReasonForm } from '../components/reason-form.tsx';
import { staffApi, useStaff } from '../staff-api.ts';

const billingKey = (id: string) => ['staff', 'billing', id];

/** A supervisor's waiver of one charge: the reason is asked for, and kept with who gave it. */
function WaiveForm({ charge, onDone }: { charge: StaffCharge; onDone: () => void }) {
  const queryClient = useQueryClient();
  return (
    <StaffReasonForm
      label={`Reason to waive ${charge.description} (${formatMoney(charge.amountCents)})`}
      confirm="Confirm: waive"
      send={async (reason) => {
        const res = await staffApi.post<{ userId: string }>(`/charges/${charge.id}/waive`, { reason });
        await queryClient.invalidateQueries({ queryKey: ['staff', 'billing'] });
        return res;
      }}
      onDone={onDone}
    />
  );
}

function Charges({ charges, canWaive, label }: { charges: StaffCharge[]; canWaive: boolean; label: string }) {
  const [waiving, setWaiving] = useState<string | null>(null);
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Charge</Table.Th>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Made</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">Waiver</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.description}</Table.Td>
              <Table.Td>{c.msisdn ? formatSgMobile(c.msisdn) : 'Account'}</Table.Td>
              <Table.Td>{c.atBillRun ? 'At the next bill run' : formatSg(c.createdAt, 'day')}</Table.Td>
              <Table.Td ta="right" td={c.waived ? 'line-through' : undefined}>
                {formatMoney(c.amountCents)}
              </Table.Td>
              <Table.Td>
                {c.waived ? (
                  <Text size="sm">
                    Waived by {c.waived.by} on {formatSg(c.waived.at, 'day')}: {c.waived.reason}
                  </Text>
                ) : waiving === c.id ? (
                  <WaiveForm charge={c} onDone={() => setWaiving(null)} />
                ) : canWaive && !c.atBillRun && c.amountCents > 0 ? (
                  <Button size="xs" variant="default" onClick={() => setWaiving(c.id)}>
                    Waive {c.description}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function Bill({ bill, canWaive }: { bill: StaffBilling['bills'][number]; canWaive: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const res = await staffApi.post<{ userId: string }>(`/bills/${bill.id}/resend`, {});
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'billing'] });
    } finally {
      setBusy(false);
    }
  };
  const month = formatBillMonth(bill.month);
  return (
    <Paper withBorder p="md" component="section" aria-label={`${month} bill ${bill.number}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {month} · {bill.number}
        </Title>
        <Badge color={bill.status === 'paid' ? 'teal.9' : 'red.9'} tt="none">
          {BILL_STATUS_LABELS[bill.status]}
        </Badge>
      </Group>
      <Text size="sm">
        Issued {formatSgDay(bill.issuedOn)}, due {formatSgDay(bill.dueOn)} · total{' '}
        {formatMoney(bill.totalCents)} (GST {formatMoney(bill.gstCents)}) · paid {formatMoney(bill.paidCents)}{' '}
        · {bill.emailedAt ? `emailed ${formatSg(bill.emailedAt, 'moment')}` : 'email waiting to be sent'}
      </Text>
      <Charges
        charges={bill.items}
        canWaive={canWaive && bill.status !== 'paid'}
        label={`Charges of the ${month} bill`}
      />
      {bill.payments.length > 0 && (
        <Table mt="xs">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Payments</Table.Caption>
          <Table.Tbody>
            {bill.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatSg(p.createdAt, 'moment')}</Table.Td>
                <Table.Td>
                  {p.method === 'deduction'
                    ? `Card deduction, try ${p.attempt + 1}`
                    : p.method === 'card'
                      ? 'Card'
                      : 'PayNow'}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(p.amountCents)}</Table.Td>
                <Table.Td>
                  {PAYMENT_STATUS[p.status]}
                  {p.failureCode ? ` (${p.failureCode})` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group mt="xs">
        <Button size="xs" variant="default" loading={busy} onClick={() => void resend()}>
          Email this bill again
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * 'Give a credit' (ADR 0043): an amount off the customer's next bill, for one of their billed charges
 * (one on a paid bill cannot be waived) or as goodwill. The reason is for the audit log; the customer
 * is emailed the amount. The form's key makes a second submit the same credit.
 */
function CreditForm({ data, onDone }: { data: StaffBilling; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(staffCreditSchema, { amount: '', chargeId: '', reason: '' });
  const [requestKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const amount = useRef<HTMLInputElement>(null);
  useEffect(() => amount.current?.focus(), []);
  const charges = data.bills.flatMap((b) =>
    b.items
      .filter((c) => c.amountCents > 0 && !c.waived)
      .map((c) => ({
        value: c.id,
        label: `${formatBillMonth(b.month)} bill ${b.number}: ${c.description} (${formatMoney(c.amountCents)})`,
      })),
  );
  const submit = form.submit(async () => {
    setBusy(true);
    try {
      const res = await staffApi.post<{ userId: string }>(`/customers/${data.customer.id}/credits`, {
        ...form.values,
        requestKey,
      });
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'billing'] });
      onDone();
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Give a credit">
      <Stack gap="xs" maw={560}>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput
          ref={amount}
          label="Amount"
          description={`In dollars and cents, at most ${formatMoney(STAFF_CREDIT_MAX_CENTS)}; the next bill takes it off`}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.fieldProps('amount')}
        />
        <NativeSelect
          label="For the charge"
          description="The charge it makes good; the customer's bill reads 'Credit:' and its name, or 'Goodwill credit'"
          data={[{ value: '', label: 'None: a goodwill credit' }, ...charges]}
          {...form.fieldProps('chargeId')}
        />
        <Textarea
          label="Reason"
          description="For the audit log; the customer does not see it"
          required
          autosize
          minRows={2}
          {...form.fieldProps('reason')}
        />
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            Confirm: give the credit
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A bill payment's state as an agent reads it: one entry per state the domain lists. */
const PAYMENT_STATUS: Record<BillPaymentState, string> = {
  pending: 'Waiting for the card company or the bank',
  succeeded: 'Paid',
  failed: 'Failed',
  void: 'Void',
  refunded: 'Refunded',
};

const PURCHASE_STATUS: Record<StaffBilling['cardPurchases'][number]['status'], string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  declined: 'Declined by the card',
  charging: 'Waiting for the card payment',
};

/** The card bills and purchases are charged to: a declined purchase is often an expired card. */
function SavedCard({ card }: { card: StaffBilling['card'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Saved card">
      <Title order={2} size="h4" mb="xs">
        Saved card
      </Title>
      <Text size="sm">
        {card
          ? `${card.brand.toUpperCase()} •••• ${card.last4} (${card.funding}), expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}, in the name of ${card.holderName}`
          : 'No card saved.'}
      </Text>
    </Paper>
  );
}

/** One-time purchases by card (declined ones too), and their refunds: money outside the bills. */
function CardPurchases({ purchases }: { purchases: StaffBilling['cardPurchases'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Card purchases and refunds">
      <Title order={2} size="h4" mb="xs">
        Card purchases and refunds
      </Title>
      {purchases.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
        <section tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Line</Table.Th>
                <Table.Th scope="col">Card</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purchases.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatSg(p.at, 'moment')}</Table.Td>
                  <Table.Td>{p.kind === 'refund' ? `Refund: ${p.description}` : p.description}</Table.Td>
                  <Table.Td>{formatSgMobile(p.msisdn)}</Table.Td>
                  <Table.Td>{p.card ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amountCents)}</Table.Td>
                  <Table.Td>{PURCHASE_STATUS[p.status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </Paper>
  );
}

/** /staff/customers/{id}/billing: a customer's bills, payments and charges; waivers, credits and re-sends. */
export default function CustomerBillingPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const staff = useStaff();
  const [crediting, setCrediting] = useState(false);
  const query = useQuery({
    queryKey: billingKey(id),
    queryFn: async () => (await staffApi.get<StaffBilling>(`/customers/${id}/billing`)).data,
  });
  if (query.isPending) return <Text>Loading…</Text>;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  const data = query.data;
  const canWaive = staff ? staffMay(staff.role, StaffPermission.WaiveCharges) : false;
  const canCredit = staff ? staffMay(staff.role, StaffPermission.GiveCredits) : false;
  return (
    <Stack>
      <Title order={1} size="h3">
        Bills of {data.customer.name}
      </Title>
      <Text size="sm">{data.customer.email}</Text>
      <Anchor component={Link} to={staffPathFor('staffLines', { id: id })} size="sm">
        The customer's lines
      </Anchor>
      {data.bills.length === 0 && <Text>No bills yet.</Text>}
      {data.bills.map((b) => (
        <Bill key={b.id} bill={b} canWaive={canWaive} />
      ))}
      <SavedCard card={data.card} />
      <CardPurchases purchases={data.cardPurchases} />
      <Paper withBorder p="md" component="section" aria-label="Not billed yet">
        <Title order={2} size="h4" mb="xs">
          Not billed yet
        </Title>
        {data.unbilled.length === 0 ? (
          <Text size="sm">Nothing.</Text>
        ) : (
          <Charges charges={data.unbilled} canWaive={canWaive} label="Charges not billed yet" />
        )}
        {canCredit && (
          <Stack mt="sm">
            {crediting ? (
              <CreditForm data={data} onDone={() => setCrediting(false)} />
            ) : (
              <Group>
                <Button size="xs" variant="default" onClick={() => setCrediting(true)}>
                  Give a credit
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

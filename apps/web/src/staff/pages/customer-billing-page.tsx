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
import { BILL_STATUS_LABELS, formatMoney, formatSgMobile } from '@selfcare/domain';
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
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import { formatBillMonth, formatSg, formatSgDay } from '../../lib/sg-date.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { StaffReasonForm } from '../components/reason-form.tsx';
import { staffCall, useStaff } from '../staff-api.ts';
import '../texts.ts';

const billingKey = (id: string) => ['staff', 'billing', id];

/** A supervisor's waiver of one charge: the reason is asked for, and kept with who gave it. */
function WaiveForm({ charge, onDone }: { charge: StaffCharge; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <StaffReasonForm
      label={t('staff.billing.waiveReason', {
        charge: charge.description,
        amount: formatMoney(charge.amountCents),
      })}
      confirm={t('staff.billing.confirmWaive')}
      send={async (reason) => {
        const res = await staffCall('POST /staff/charges/:id/waive', {
          params: { id: charge.id },
          body: { reason },
        });
        await queryClient.invalidateQueries({ queryKey: ['staff', 'billing'] });
        return res;
      }}
      onDone={onDone}
    />
  );
}

function Charges({ charges, canWaive, label }: { charges: StaffCharge[]; canWaive: boolean; label: string }) {
  const { t } = useTranslation();
  const [waiving, setWaiving] = useState<string | null>(null);
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('staff.billing.columns.charge')}</Table.Th>
            <Table.Th scope="col">{t('staff.billing.columns.line')}</Table.Th>
            <Table.Th scope="col">{t('staff.billing.columns.made')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('staff.billing.columns.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('staff.billing.columns.waiver')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.description}</Table.Td>
              <Table.Td>{c.msisdn ? formatSgMobile(c.msisdn) : t('staff.billing.account')}</Table.Td>
              <Table.Td>{c.atBillRun ? t('staff.billing.atBillRun') : formatSg(c.createdAt, 'day')}</Table.Td>
              <Table.Td ta="right" td={c.waived ? 'line-through' : undefined}>
                {formatMoney(c.amountCents)}
              </Table.Td>
              <Table.Td>
                {c.waived ? (
                  <Text size="sm">
                    {t('staff.billing.waivedBy', {
                      by: c.waived.by,
                      date: formatSg(c.waived.at, 'day'),
                      reason: c.waived.reason,
                    })}
                  </Text>
                ) : waiving === c.id ? (
                  <WaiveForm charge={c} onDone={() => setWaiving(null)} />
                ) : canWaive && !c.atBillRun && c.amountCents > 0 ? (
                  <Button size="xs" variant="default" onClick={() => setWaiving(c.id)}>
                    {t('staff.billing.waive', { charge: c.description })}
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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const res = await staffCall('POST /staff/bills/:id/resend', { params: { id: bill.id } });
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'billing'] });
    } finally {
      setBusy(false);
    }
  };
  const month = formatBillMonth(bill.month);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('staff.billing.bill', { month, number: bill.number })}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {month} · {bill.number}
        </Title>
        <Badge color={bill.status === 'paid' ? 'teal.9' : 'red.9'} tt="none">
          {BILL_STATUS_LABELS[bill.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {t('staff.billing.billSummary', {
          issued: formatSgDay(bill.issuedOn),
          due: formatSgDay(bill.dueOn),
          total: formatMoney(bill.totalCents),
          gst: formatMoney(bill.gstCents),
          paid: formatMoney(bill.paidCents),
          emailed: bill.emailedAt
            ? t('staff.billing.emailed', { date: formatSg(bill.emailedAt, 'moment') })
            : t('staff.billing.emailWaiting'),
        })}
      </Text>
      <Charges
        charges={bill.items}
        canWaive={canWaive && bill.status !== 'paid'}
        label={t('staff.billing.billCharges', { month })}
      />
      {bill.payments.length > 0 && (
        <Table mt="xs">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            {t('staff.billing.payments')}
          </Table.Caption>
          <Table.Tbody>
            {bill.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatSg(p.createdAt, 'moment')}</Table.Td>
                <Table.Td>
                  {p.method === 'deduction'
                    ? t('staff.billing.cardDeduction', { attempt: p.attempt + 1 })
                    : p.method === 'card'
                      ? t('staff.billing.card')
                      : 'PayNow'}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(p.amountCents)}</Table.Td>
                <Table.Td>
                  {t(`staff.billing.paymentStatus.${p.status}`)}
                  {p.failureCode ? ` (${p.failureCode})` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group mt="xs">
        <Button size="xs" variant="default" loading={busy} onClick={() => void resend()}>
          {t('staff.billing.resend')}
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
  const { t } = useTranslation();
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
        label: t('staff.billing.credit.chargeOption', {
          month: formatBillMonth(b.month),
          number: b.number,
          charge: c.description,
          amount: formatMoney(c.amountCents),
        }),
      })),
  );
  const submit = form.submit(async () => {
    setBusy(true);
    try {
      const res = await staffCall('POST /staff/customers/:id/credits', {
        params: { id: data.customer.id },
        body: {
          ...form.values,
          requestKey,
        },
      });
      notifySuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'billing'] });
      onDone();
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('staff.billing.credit.title')}>
      <Stack gap="xs" maw={560}>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput
          ref={amount}
          label={t('staff.billing.credit.amount')}
          description={t('staff.billing.credit.amountHint', { max: formatMoney(STAFF_CREDIT_MAX_CENTS) })}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.fieldProps('amount')}
        />
        <NativeSelect
          label={t('staff.billing.credit.charge')}
          description={t('staff.billing.credit.chargeHint')}
          data={[{ value: '', label: t('staff.billing.credit.noCharge') }, ...charges]}
          {...form.fieldProps('chargeId')}
        />
        <Textarea
          label={t('staff.common.reason')}
          description={t('staff.billing.credit.reasonHint')}
          required
          autosize
          minRows={2}
          {...form.fieldProps('reason')}
        />
        <Group>
          <Button type="submit" size="xs" loading={busy}>
            {t('staff.billing.credit.confirm')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('staff.common.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The card bills and purchases are charged to: a declined purchase is often an expired card. */
function SavedCard({ card }: { card: StaffBilling['card'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('staff.billing.savedCard')}>
      <Title order={2} size="h4" mb="xs">
        {t('staff.billing.savedCard')}
      </Title>
      <Text size="sm">
        {card
          ? t('staff.billing.cardLine', {
              brand: card.brand.toUpperCase(),
              last4: card.last4,
              funding: card.funding,
              month: String(card.expMonth).padStart(2, '0'),
              year: String(card.expYear),
              holder: card.holderName,
            })
          : t('staff.billing.noCard')}
      </Text>
    </Paper>
  );
}

/** One-time purchases by card (declined ones too), and their refunds: money outside the bills. */
function CardPurchases({ purchases }: { purchases: StaffBilling['cardPurchases'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('staff.billing.purchases')}>
      <Title order={2} size="h4" mb="xs">
        {t('staff.billing.purchases')}
      </Title>
      {purchases.length === 0 ? (
        <Text size="sm">{t('staff.billing.noPurchases')}</Text>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
        <section tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.billing.columns.when')}</Table.Th>
                <Table.Th scope="col">{t('staff.billing.columns.what')}</Table.Th>
                <Table.Th scope="col">{t('staff.billing.columns.line')}</Table.Th>
                <Table.Th scope="col">{t('staff.billing.columns.card')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('staff.billing.columns.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('staff.billing.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purchases.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatSg(p.at, 'moment')}</Table.Td>
                  <Table.Td>
                    {p.kind === 'refund'
                      ? t('staff.billing.refundOf', { what: p.description })
                      : p.description}
                  </Table.Td>
                  <Table.Td>{formatSgMobile(p.msisdn)}</Table.Td>
                  <Table.Td>{p.card ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amountCents)}</Table.Td>
                  <Table.Td>{t(`staff.billing.purchaseStatus.${p.status}`)}</Table.Td>
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
  const { t } = useTranslation();
  const id = params.id ?? '';
  const staff = useStaff();
  const [crediting, setCrediting] = useState(false);
  const query = useQuery({
    queryKey: billingKey(id),
    queryFn: async () => (await staffCall('GET /staff/customers/:id/billing', { params: { id } })).data,
  });
  if (query.isPending) return <Text>{t('staff.common.loading')}</Text>;
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
        {t('staff.billing.title', { name: data.customer.name })}
      </Title>
      <Text size="sm">{data.customer.email}</Text>
      <Anchor component={Link} to={staffPathFor('staffLines', { id: id })} size="sm">
        {t('staff.common.customerLines')}
      </Anchor>
      {data.bills.length === 0 && <Text>{t('staff.billing.noBills')}</Text>}
      {data.bills.map((b) => (
        <Bill key={b.id} bill={b} canWaive={canWaive} />
      ))}
      <SavedCard card={data.card} />
      <CardPurchases purchases={data.cardPurchases} />
      <Paper withBorder p="md" component="section" aria-label={t('staff.billing.unbilled')}>
        <Title order={2} size="h4" mb="xs">
          {t('staff.billing.unbilled')}
        </Title>
        {data.unbilled.length === 0 ? (
          <Text size="sm">{t('staff.billing.nothingUnbilled')}</Text>
        ) : (
          <Charges charges={data.unbilled} canWaive={canWaive} label={t('staff.billing.unbilledCharges')} />
        )}
        {canCredit && (
          <Stack mt="sm">
            {crediting ? (
              <CreditForm data={data} onDone={() => setCrediting(false)} />
            ) : (
              <Group>
                <Button size="xs" variant="default" onClick={() => setCrediting(true)}>
                  {t('staff.billing.credit.title')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

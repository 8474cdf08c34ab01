import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { BillMessages, describeCharge, formatMoney, formatSgMobile } from '@selfcare/domain';
import type { BillDetail, BillItem, BillList } from '@selfcare/domain/contracts/bills';
import { FormError } from '../../../components/ui/form-error.tsx';
import { messageCatalog, tm, useTranslation } from '../../../lib/i18n.ts';
import { formatBillMonth, formatSg, formatSgDay } from '../../../lib/sg-date.ts';
import { useBill, useDownloadBill } from '../api/get-bills.ts';
import { usePayNowWithdraw } from '../api/pay-bill.ts';
import { BillStatusBadge } from './bill-status.tsx';
import { PayBill } from './pay-bill.tsx';
import '../texts.ts';

function Items({ caption, items, subtotal }: { caption: string; items: BillItem[]; subtotal?: number }) {
  const { t, language } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Caption ta="left" fw={600} c="dark" style={{ captionSide: 'top' }}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('bills.item')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('bills.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                {describeCharge(i, language, messageCatalog())}
                {i.waived && ` (${t('bills.waived')})`}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(i.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
          {subtotal !== undefined && (
            <Table.Tr>
              <Table.Th scope="row">{t('bills.subtotal')}</Table.Th>
              <Table.Td ta="right" fw={600}>
                {formatMoney(subtotal)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Totals({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation();
  // A sum the customer can check, as the PDF prints it: previous balance − payments + charges.
  const rows: [string, string][] = [
    [t('bills.previousBalance'), formatMoney(bill.previousBalanceCents)],
    [t('bills.payments'), formatMoney(-bill.paymentsCents)],
    [t('bills.total'), formatMoney(bill.totalCents)],
    [t('bills.gst', { percent: bill.gstPercent }), formatMoney(bill.gstCents)],
    [t('bills.totalDue'), formatMoney(bill.totalDueCents)],
    [t('bills.outstanding'), formatMoney(bill.outstandingCents)],
  ];
  const earlier = bill.totalDueCents - bill.totalCents;
  return (
    <>
      <Table aria-label={t('bills.summary')}>
        <Table.Tbody>
          {rows.map(([label, value], i) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={i >= rows.length - 2 ? 700 : 400}>
                {label}
              </Table.Th>
              <Table.Td ta="right" fw={i >= rows.length - 2 ? 700 : 400}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {bill.revision && (
        <Text size="sm">
          {t('bills.revised', {
            date: formatSgDay(bill.revision.on),
            amount: formatMoney(bill.revision.issuedTotalCents - bill.totalCents),
            issued: formatSgDay(bill.issuedOn),
            was: formatMoney(bill.revision.issuedTotalCents),
          })}
        </Text>
      )}
      {bill.status !== 'paid' && earlier > 0 && (
        <Text size="sm">{t('bills.earlierUnpaid', { amount: formatMoney(earlier) })}</Text>
      )}
    </>
  );
}

/** Payment pending after "I have paid by PayNow", and the way back while the bank has not credited it. */
function PayNowPending({ billId }: { billId: string }) {
  const { t } = useTranslation();
  const withdraw = usePayNowWithdraw();
  return (
    <Alert color="yellow">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('bills.pending')}</Text>
        <Text size="sm">{t('bills.notPaidYetHint')}</Text>
        <Button
          variant="default"
          size="xs"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate(billId)}
        >
          {t('bills.notPaidYet')}
        </Button>
        {withdraw.isError && <FormError message={withdraw.error.message} />}
      </Stack>
    </Alert>
  );
}

/** One bill: its dates and status, its items per line and for the account, the totals and its PDF. */
export function BillDetailPanel({ id, card }: { id: string; card: BillList['card'] }) {
  const { t } = useTranslation();
  const query = useBill(id);
  const download = useDownloadBill();
  if (query.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (query.isError) return <FormError message={query.error.message} />;
  const bill = query.data;
  const month = formatBillMonth(bill.month);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bill-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="bill-title">
              {t('bills.billTitle', { month })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('bills.number', { number: bill.number })} ·{' '}
              {t('bills.period', { from: formatSgDay(bill.periodStart), to: formatSgDay(bill.periodEnd) })}
            </Text>
            <Text size="sm">
              {t('bills.issued', { date: formatSgDay(bill.issuedOn) })} ·{' '}
              {bill.paidAt
                ? t('bills.paidOn', { date: formatSg(bill.paidAt, 'day') })
                : t('bills.due', { date: formatSgDay(bill.dueOn) })}
            </Text>
          </div>
          <BillStatusBadge status={bill.status} overdue={bill.overdue} />
        </Group>
        {bill.lines.map((l) => (
          <Items
            key={l.lineId}
            caption={`${t('bills.line', { msisdn: formatSgMobile(l.msisdn) })} · ${l.planName}`}
            items={l.items}
            subtotal={l.subtotalCents}
          />
        ))}
        {bill.accountItems.length > 0 && <Items caption={t('bills.account')} items={bill.accountItems} />}
        <Totals bill={bill} />
        {bill.status === 'pending' && <PayNowPending billId={bill.id} />}
        {bill.status === 'unknown' && <Alert color="gray">{t('bills.unknown')}</Alert>}
        {bill.overdue && bill.status !== 'paid' && (
          <Alert color="red" title={tm(BillMessages.overdue)}>
            {t('bills.overdue', { date: formatSgDay(bill.dueOn) })}
          </Alert>
        )}
        {bill.deductionFailedOn && bill.status !== 'paid' && (
          <Alert color="red" title={tm(BillMessages.deductionFailed)}>
            <Text size="sm">
              {t('bills.deductionFailed', { date: formatSgDay(bill.deductionFailedOn) })}{' '}
              {tm(BillMessages.deductionFailedAdvice)}
            </Text>
            {/* When the card is tried again: paying now is paying before it. */}
            <Text size="sm">
              {bill.nextDeductionOn
                ? t('bills.nextDeduction', { date: formatSgDay(bill.nextDeductionOn) })
                : t('bills.noMoreDeductions')}
            </Text>
            <Text size="sm">
              {t('bills.payNowOr')} <Anchor href="#saved-card">{t('bills.changeYourCard')}</Anchor>
            </Text>
          </Alert>
        )}
        {bill.status === 'due' && bill.outstandingCents > 0 && (
          <>
            {!bill.deductionFailedOn && <Alert color="blue">{t('bills.deduction')}</Alert>}
            <PayBill bill={bill} card={card} />
          </>
        )}
        {download.isError && <FormError message={download.error.message} />}
        <Group>
          <Button variant="default" loading={download.isPending} onClick={() => download.mutate(bill)}>
            {t('bills.pdf')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

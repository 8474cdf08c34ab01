import { Alert, Anchor, Badge, Grid, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, SUB_LINE_PAYMENT } from '@selfcare/domain';
import type { StaffOrder, StaffOrderAddress } from '@selfcare/domain/contracts/staff';
import { DELIVERY_METHOD_LABELS, maskIccid, staffOrderEventLabel } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { OrderStatusBadge } from '../../components/ui/order-status.tsx';
import { t, useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg, formatSgDay } from '../../lib/sg-date.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { staffBlobUrl, staffCall } from '../staff-api.ts';
import '../texts.ts';

/** How often the page looks again while the order waits on the MVNE (hand-over, activation). */
const WAITING_POLL_MS = 3000;

const formatAddress = (a: StaffOrderAddress | null) =>
  a
    ? [
        a.blockNumber,
        a.roadName,
        a.unitNumber,
        a.building,
        t('staff.order.postalCode', { code: a.postalCode }),
      ]
        .filter(Boolean)
        .join(', ')
    : '—';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A field as staff check it, marked when MyInfo verified it. */
function Field({ label, value, verified }: { label: string; value: ReactNode; verified?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
      {verified && (
        <Badge size="xs" color="teal.9" variant="light" tt="none">
          {t('staff.order.verified')}
        </Badge>
      )}
    </Group>
  );
}

function DocumentPreview({ orderId, doc }: { orderId: string; doc: StaffOrder['documents'][number] }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (doc.mimeType === 'application/pdf') return;
    let made: string | null = null;
    staffBlobUrl(orderId, doc.id)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => setFailed(true));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [orderId, doc.id, doc.mimeType]);
  const download = async () => {
    const u = await staffBlobUrl(orderId, doc.id, true);
    const a = document.createElement('a');
    a.href = u;
    a.download = '';
    a.click();
    setTimeout(() => URL.revokeObjectURL(u), 10_000);
  };
  return (
    <figure style={{ margin: 0 }}>
      {url && (
        <img
          src={url}
          alt={t('staff.order.document.alt', { side: doc.side })}
          style={{ maxWidth: '100%', maxHeight: 260 }}
        />
      )}
      {failed && <Text size="sm">{t('staff.order.document.failed')}</Text>}
      <figcaption>
        <Text size="sm">
          {t('staff.order.document.uploaded', { side: doc.side, date: formatSg(doc.createdAt, 'moment') })} ·{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void download()}>
            {t('staff.order.document.download', { side: doc.side })}
          </Anchor>
        </Text>
      </figcaption>
    </figure>
  );
}

/** Everything staff need to decide on an order, and the actions it can take now. */
export default function StaffOrderPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation();
  const id = params.id ?? '';
  const { data: o, error } = useQuery({
    queryKey: ['staff', 'order', id],
    queryFn: async () => (await staffCall('GET /staff/orders/:id', { params: { id } })).data,
    // The MVNE moves the order on by itself: look again until it settles, so what is offered is current.
    refetchInterval: (q) => (q.state.data?.waitingOnMvne ? WAITING_POLL_MS : false),
  });
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (!o) return <Text>{t('staff.common.loading')}</Text>;
  const verified = new Set(o.profile.myinfoVerified);
  const latest = (types: string[]) => o.documents.filter((d) => types.includes(d.side)).slice(0, 2);
  return (
    <>
      <Anchor component={Link} to={staffPathFor('staffQueue')} size="sm">
        {t('staff.order.back')}
      </Anchor>
      <Group my="md" gap="sm">
        <Title order={1} size="h2">
          {t('staff.order.title', { number: o.orderNumber })}
        </Title>
        <OrderStatusBadge status={o.status} />
        {o.roadshow && <Badge variant="outline">{t('staff.order.roadshow')}</Badge>}
        {o.kind === 'sub-line' && <Badge variant="outline">{t('staff.order.subLine')}</Badge>}
      </Group>
      {o.kind === 'sub-line' && (
        <Text size="sm" mb="sm">
          {t('staff.order.subLineNote')}
        </Text>
      )}
      <Text size="sm" mb="md">
        {t('staff.order.ordered', { date: formatSg(o.createdAt, 'moment') })} ·{' '}
        {o.typeSim === 1 ? t('staff.order.esim') : t('staff.order.physicalSim')} ·{' '}
        {o.deliveryMethod === null
          ? t('staff.order.noDelivery')
          : o.deliveryDate
            ? t('staff.order.deliveryOn', {
                method: DELIVERY_METHOD_LABELS[o.deliveryMethod],
                date: formatSg(o.deliveryDate, 'weekday'),
              })
            : DELIVERY_METHOD_LABELS[o.deliveryMethod]}{' '}
        · {t('staff.order.total', { total: formatMoney(o.totalCents) })} ·{' '}
        {o.mvneOrderId ? t('staff.order.mvneOrder', { id: o.mvneOrderId }) : t('staff.order.notInMvne')}
      </Text>
      {o.waitingOnMvne && (
        <Text size="sm" mb="sm" role="status">
          {t('staff.order.waiting')}
        </Text>
      )}
      <OrderActions orderId={o.id} actions={o.actions} lines={o.lines} chosen={o} />
      <Grid mt="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('staff.order.sections.customer')}>
            <Field
              label={t('staff.order.fields.name')}
              value={`${o.profile.salutation} ${o.profile.fullName}`}
              verified={verified.has('fullName')}
            />
            <Field
              label={o.profile.idType === 2 ? t('staff.order.fields.fin') : t('staff.order.fields.nric')}
              value={o.profile.idNumber}
              verified={verified.has('idNumber')}
            />
            <Field
              label={t('staff.order.fields.dateOfBirth')}
              value={formatSgDay(o.profile.dateOfBirth)}
              verified={verified.has('dateOfBirth')}
            />
            <Field
              label={t('staff.order.fields.idIssued')}
              value={formatSgDay(o.profile.idIssueDate)}
              verified={verified.has('idIssueDate')}
            />
            {o.profile.passType && (
              <Field
                label={t('staff.order.fields.pass')}
                value={
                  o.profile.passExpiry
                    ? t('staff.order.fields.passExpires', {
                        pass: o.profile.passType,
                        date: formatSgDay(o.profile.passExpiry),
                      })
                    : o.profile.passType
                }
                verified={verified.has('passType')}
              />
            )}
            <Field label={t('staff.order.fields.employer')} value={o.profile.employer} />
            <Field label={t('staff.order.fields.contactNumber')} value={o.profile.contactNumber} />
            <Field label={t('staff.order.fields.email')} value={o.customer.email} />
            <Field label={t('staff.order.fields.loginMobile')} value={o.customer.phoneNumber} />
            <Stack gap={4} mt="xs">
              <Anchor component={Link} to={staffPathFor('staffBilling', { id: o.customer.id })} size="sm">
                {t('staff.order.billsLink')}
              </Anchor>
              <Anchor component={Link} to={staffPathFor('staffLines', { id: o.customer.id })} size="sm">
                {t('staff.order.linesLink')}
              </Anchor>
            </Stack>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('staff.order.sections.documents')}>
            {o.documents.length === 0 ? (
              <Text size="sm">
                {verified.has('idNumber') ? t('staff.order.noDocumentsNeeded') : t('staff.order.noDocuments')}
              </Text>
            ) : (
              <Group align="start">
                {latest(['front', 'back']).map((d) => (
                  <DocumentPreview key={d.id} orderId={o.id} doc={d} />
                ))}
              </Group>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={12}>
          <Section title={t('staff.order.sections.lines')}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.order.columns.line')}</Table.Th>
                  <Table.Th>{t('staff.order.columns.user')}</Table.Th>
                  <Table.Th>{t('staff.order.columns.plan')}</Table.Th>
                  <Table.Th>{t('staff.order.columns.number')}</Table.Th>
                  <Table.Th>{t('staff.order.columns.sim')}</Table.Th>
                  <Table.Th>{t('staff.order.columns.service')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {o.lines.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.label}</Table.Td>
                    <Table.Td>
                      {l.assignee
                        ? `${l.assignee.fullName}, ${l.assignee.idNumber}, ${l.assignee.contactNumber}`
                        : t('staff.order.theCustomer')}
                    </Table.Td>
                    <Table.Td>{l.planName}</Table.Td>
                    <Table.Td>
                      {l.msisdn}{' '}
                      {l.numberType === 'RETAIN'
                        ? t('staff.order.portIn', {
                            network: l.donorNetwork ?? t('staff.order.anotherNetwork'),
                          })
                        : t('staff.order.newNumber')}
                    </Table.Td>
                    <Table.Td>{l.iccid ? <span title={l.iccid}>{maskIccid(l.iccid)}</span> : '—'}</Table.Td>
                    <Table.Td>{l.service ?? t('staff.order.notRequested')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('staff.order.sections.payment')}>
            <Field
              // Only a checkout's payment is 'Paid': an 'Us' line or a roadshow order paid nothing then.
              label={o.payment ? t('staff.order.fields.paid') : t('staff.order.fields.payment')}
              value={
                o.payment
                  ? t('staff.order.fields.paidOn', {
                      amount: formatMoney(o.payment.amountCents),
                      date: formatSg(o.payment.at, 'moment'),
                    })
                  : o.kind === 'sub-line'
                    ? SUB_LINE_PAYMENT.staff
                    : t('staff.order.fields.nothingCharged')
              }
            />
            <Field label={t('staff.order.fields.card')} value={o.payment?.card} />
            {o.refund && (
              <Field
                label={t('staff.order.fields.refund')}
                value={`${formatMoney(o.refund.amountCents)} (${o.refund.status})`}
              />
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('staff.order.sections.addresses')}>
            <Field label={t('staff.order.fields.delivery')} value={formatAddress(o.deliveryAddress)} />
            <Field label={t('staff.order.fields.billing')} value={formatAddress(o.billingAddress)} />
          </Section>
        </Grid.Col>
        {o.deliveries.length > 0 && (
          <Grid.Col span={12}>
            <Section title={t('staff.order.sections.deliveries')}>
              <List spacing="xs" size="sm">
                {o.deliveries.map((d) => (
                  <List.Item key={d.id}>
                    {t('staff.order.delivery', {
                      method: DELIVERY_METHOD_LABELS[d.deliveryMethod],
                      date: formatSg(d.deliveryDate, 'weekday'),
                      code: d.trackingCode,
                      status: d.status,
                      failure: d.failureReason ? ` (${d.failureReason})` : '',
                      sims: d.iccids.map(maskIccid).join(', '),
                      by: d.createdBy,
                    })}
                  </List.Item>
                ))}
              </List>
            </Section>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('staff.order.sections.timeline')}>
            <List spacing="xs" size="sm">
              {o.timeline.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id; the list only grows, oldest first
                <List.Item key={`${i}-${e.at}`}>
                  {formatSg(e.at, 'moment')} · {staffOrderEventLabel(e.type)}
                  {e.detail ? `: ${e.detail}` : ''}
                  {e.staff ? ` · ${e.staff}` : ''}
                </List.Item>
              ))}
            </List>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('staff.order.sections.audit')}>
            {o.audit.length === 0 ? (
              <Text size="sm">{t('staff.order.noAudit')}</Text>
            ) : (
              <List spacing="xs" size="sm">
                {o.audit.map((a) => (
                  <List.Item key={a.id}>
                    {formatSg(a.at, 'moment')} · {a.staff} ({a.role}) · {staffOrderEventLabel(a.action)}
                    {a.reason ? ` · ${t('staff.order.why', { reason: a.reason })}` : ''}
                  </List.Item>
                ))}
              </List>
            )}
          </Section>
        </Grid.Col>
      </Grid>
    </>
  );
}

import { Alert, Anchor, Badge, Grid, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, formatSgDay, SUB_LINE_PAYMENT } from '@selfcare/domain';
import type { StaffOrder, StaffOrderAddress } from '@selfcare/domain/contracts/staff';
import { DELIVERY_METHOD_LABELS, maskIccid, staffOrderEventLabel } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { OrderStatusBadge } from '../../components/ui/order-status.tsx';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { staffApi, staffBlobUrl } from '../staff-api.ts';

/** How often the page looks again while the order waits on the MVNE (hand-over, activation). */
const WAITING_POLL_MS = 3000;

const formatAddress = (a: StaffOrderAddress | null) =>
  a
    ? [a.blockNumber, a.roadName, a.unitNumber, a.building, `Singapore ${a.postalCode}`]
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
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
      {verified && (
        <Badge size="xs" color="teal.9" variant="light" tt="none">
          Verified by Myinfo
        </Badge>
      )}
    </Group>
  );
}

function DocumentPreview({ orderId, doc }: { orderId: string; doc: StaffOrder['documents'][number] }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const path = `/orders/${orderId}/documents/${doc.id}`;
  useEffect(() => {
    if (doc.mimeType === 'application/pdf') return;
    let made: string | null = null;
    staffBlobUrl(path)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => setFailed(true));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, doc.mimeType]);
  const download = async () => {
    const u = await staffBlobUrl(`${path}?download=1`);
    const a = document.createElement('a');
    a.href = u;
    a.download = '';
    a.click();
    setTimeout(() => URL.revokeObjectURL(u), 10_000);
  };
  return (
    <figure style={{ margin: 0 }}>
      {url && (
        <img src={url} alt={`ID document, ${doc.side} side`} style={{ maxWidth: '100%', maxHeight: 260 }} />
      )}
      {failed && <Text size="sm">This image failed to load</Text>}
      <figcaption>
        <Text size="sm">
          {doc.side === 'front' ? 'Front' : 'Back'} · uploaded {formatSg(doc.createdAt, 'moment')} ·{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void download()}>
            Download {doc.side}
          </Anchor>
        </Text>
      </figcaption>
    </figure>
  );
}

/** Everything staff need to decide on an order, and the actions it can take now. */
export default function StaffOrderPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const { data: o, error } = useQuery({
    queryKey: ['staff', 'order', id],
    queryFn: async () => (await staffApi.get<StaffOrder>(`/orders/${id}`)).data,
    // The MVNE moves the order on by itself: look again until it settles, so what is offered is current.
    refetchInterval: (q) => (q.state.data?.waitingOnMvne ? WAITING_POLL_MS : false),
  });
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (!o) return <Text>Loading…</Text>;
  const verified = new Set(o.profile.myinfoVerified);
  const latest = (types: string[]) => o.documents.filter((d) => types.includes(d.side)).slice(0, 2);
  return (
    <>
      <Anchor component={Link} to={staffPathFor('staffQueue')} size="sm">
        ← Order queue
      </Anchor>
      <Group my="md" gap="sm">
        <Title order={1} size="h2">
          Order {o.orderNumber}
        </Title>
        <OrderStatusBadge status={o.status} />
        {o.roadshow && <Badge variant="outline">Roadshow</Badge>}
        {o.kind === 'sub-line' && <Badge variant="outline">Added 'Us' line</Badge>}
      </Group>
      {o.kind === 'sub-line' && (
        <Text size="sm" mb="sm">
          An active customer added this line for the person named below; check that person's NRIC or FIN. The
          fees go on the customer's next bill once the line is live.
        </Text>
      )}
      <Text size="sm" mb="md">
        Ordered {formatSg(o.createdAt, 'moment')} · {o.typeSim === 1 ? 'eSIM' : 'Physical SIM'} ·{' '}
        {o.deliveryMethod === null ? 'No delivery (roadshow)' : DELIVERY_METHOD_LABELS[o.deliveryMethod]}
        {o.deliveryDate ? ` on ${formatSg(o.deliveryDate, 'weekday')}` : ''} · Total{' '}
        {formatMoney(o.totalCents)}
        {o.mvneOrderId ? ` · MVNE order ${o.mvneOrderId}` : ' · not yet in the MVNE'}
      </Text>
      {o.waitingOnMvne && (
        <Text size="sm" mb="sm" role="status">
          Waiting for the MVNE: this page updates by itself.
        </Text>
      )}
      <OrderActions orderId={o.id} actions={o.actions} lines={o.lines} chosen={o} />
      <Grid mt="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Customer and identity">
            <Field
              label="Name"
              value={`${o.profile.salutation} ${o.profile.fullName}`}
              verified={verified.has('fullName')}
            />
            <Field
              label={o.profile.idType === 2 ? 'FIN' : 'NRIC'}
              value={o.profile.idNumber}
              verified={verified.has('idNumber')}
            />
            <Field
              label="Date of birth"
              value={formatSgDay(o.profile.dateOfBirth)}
              verified={verified.has('dateOfBirth')}
            />
            <Field
              label="ID issued"
              value={formatSgDay(o.profile.idIssueDate)}
              verified={verified.has('idIssueDate')}
            />
            {o.profile.passType && (
              <Field
                label="Pass"
                value={`${o.profile.passType}${o.profile.passExpiry ? `, expires ${formatSgDay(o.profile.passExpiry)}` : ''}`}
                verified={verified.has('passType')}
              />
            )}
            <Field label="Employer" value={o.profile.employer} />
            <Field label="Contact number" value={o.profile.contactNumber} />
            <Field label="Email" value={o.customer.email} />
            <Field label="Login mobile" value={o.customer.phoneNumber} />
            <Stack gap={4} mt="xs">
              <Anchor component={Link} to={staffPathFor('staffBilling', { id: o.customer.id })} size="sm">
                Bills, payments and charges of this customer
              </Anchor>
              <Anchor component={Link} to={staffPathFor('staffLines', { id: o.customer.id })} size="sm">
                Lines of this customer: suspension and barring
              </Anchor>
            </Stack>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="ID documents">
            {o.documents.length === 0 ? (
              <Text size="sm">
                {verified.has('idNumber')
                  ? 'None needed: the identity was verified by Myinfo.'
                  : 'No documents uploaded.'}
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
          <Section title="Lines">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>SIM (ICCID)</Table.Th>
                  <Table.Th>Service</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {o.lines.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.label}</Table.Td>
                    <Table.Td>
                      {l.assignee
                        ? `${l.assignee.fullName}, ${l.assignee.idNumber}, ${l.assignee.contactNumber}`
                        : 'The customer'}
                    </Table.Td>
                    <Table.Td>{l.planName}</Table.Td>
                    <Table.Td>
                      {l.msisdn}{' '}
                      {l.numberType === 'RETAIN'
                        ? `(port-in from ${l.donorNetwork ?? 'another network'})`
                        : '(new)'}
                    </Table.Td>
                    <Table.Td>{l.iccid ? <span title={l.iccid}>{maskIccid(l.iccid)}</span> : '—'}</Table.Td>
                    <Table.Td>{l.service ?? 'not requested'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Payment">
            <Field
              // Only a checkout's payment is 'Paid': an 'Us' line or a roadshow order paid nothing then.
              label={o.payment ? 'Paid' : 'Payment'}
              value={
                o.payment
                  ? `${formatMoney(o.payment.amountCents)} on ${formatSg(o.payment.at, 'moment')}`
                  : o.kind === 'sub-line'
                    ? SUB_LINE_PAYMENT.staff
                    : 'Nothing charged yet'
              }
            />
            <Field label="Card" value={o.payment?.card} />
            {o.refund && (
              <Field label="Refund" value={`${formatMoney(o.refund.amountCents)} (${o.refund.status})`} />
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Addresses">
            <Field label="Delivery" value={formatAddress(o.deliveryAddress)} />
            <Field label="Billing" value={formatAddress(o.billingAddress)} />
          </Section>
        </Grid.Col>
        {o.deliveries.length > 0 && (
          <Grid.Col span={12}>
            <Section title="Deliveries">
              <List spacing="xs" size="sm">
                {o.deliveries.map((d) => (
                  <List.Item key={d.id}>
                    {DELIVERY_METHOD_LABELS[d.deliveryMethod]} on {formatSg(d.deliveryDate, 'weekday')},
                    tracking {d.trackingCode}: {d.status}
                    {d.failureReason ? ` (${d.failureReason})` : ''} · SIM{' '}
                    {d.iccids.map(maskIccid).join(', ')} · by {d.createdBy}
                  </List.Item>
                ))}
              </List>
            </Section>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Timeline">
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
          <Section title="Audit log">
            {o.audit.length === 0 ? (
              <Text size="sm">No staff action yet.</Text>
            ) : (
              <List spacing="xs" size="sm">
                {o.audit.map((a) => (
                  <List.Item key={a.id}>
                    {formatSg(a.at, 'moment')} · {a.staff} ({a.role}) · {staffOrderEventLabel(a.action)}
                    {a.reason ? ` · why: ${a.reason}` : ''}
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

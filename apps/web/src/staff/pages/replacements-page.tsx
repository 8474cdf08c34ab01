import { Alert, Anchor, Badge, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { formatSgMobile } from '@selfcare/domain';
import type { StaffReplacement, StaffReplacementPage } from '@selfcare/domain/contracts/staff';
import { DELIVERY_METHOD_LABELS } from '@selfcare/domain/fulfilment';
import { REPLACEMENT_STATE_LABELS, REPLACEMENT_STATES } from '@selfcare/domain/line-services';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsList } from '../../components/ui/details-list.tsx';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { ReplacementActions } from '../components/replacement-actions.tsx';
import { staffApi } from '../staff-api.ts';

/** How often the page looks again while a replacement waits on the MVNE (the block, the swap). */
const WAITING_POLL_MS = 3000;
const waitsOnMvne = (r: StaffReplacement) =>
  r.state === 'activating' || (r.blockedAt === null && r.state !== 'cancelled' && r.state !== 'completed');

const FILTERS = [
  { value: 'open', label: 'Under way' },
  ...REPLACEMENT_STATES.map((s) => ({ value: s, label: REPLACEMENT_STATE_LABELS[s] })),
  { value: 'all', label: 'All' },
];

function Replacement({ r }: { r: StaffReplacement }) {
  const number = formatSgMobile(r.msisdn);
  const at = (iso: string | null) => (iso ? formatSg(iso, 'moment') : null);
  return (
    <Paper withBorder p="md" component="section" aria-label={`Replacement for ${number}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {number} · {r.customer.name} · {r.typeSim === 1 ? 'eSIM' : 'physical SIM'}
        </Title>
        <Badge
          color={r.state === 'completed' ? 'teal.9' : r.state === 'cancelled' ? 'gray.8' : 'blue.9'}
          tt="none"
        >
          {REPLACEMENT_STATE_LABELS[r.state]}
        </Badge>
      </Group>
      <Stack gap="xs">
        <DetailsList
          rows={[
            ['Reported lost', at(r.reportedAt)],
            ['Lost SIM blocked', at(r.blockedAt) ?? 'Not yet: the network has not confirmed'],
            ['Lost SIM', r.lostIccid],
            [
              'Send to',
              r.typeSim === 1 ? null : (r.deliveryAddress ?? 'No address on the order: ask the customer'),
            ],
            ['New SIM', r.newIccid],
            [
              'Delivery',
              r.trackingCode
                ? `${DELIVERY_METHOD_LABELS[r.deliveryMethod ?? -1] ?? ''} on ${r.deliveryDate ? formatSg(r.deliveryDate, 'weekday') : ''} · ${r.trackingCode}`
                : null,
            ],
            ['Sent', at(r.sentAt)],
            ['Delivered', at(r.deliveredAt)],
            ['Activation requested', at(r.activationRequestedAt)],
            ['Working on the new SIM', at(r.completedAt)],
          ]}
        />
        {r.failure && (
          <Alert color="orange" variant="light">
            {r.failure}
          </Alert>
        )}
        <Group gap="md">
          <Anchor component={Link} to={staffPathFor('staffLines', { id: r.customer.id })} size="sm">
            The customer's lines
          </Anchor>
          <Anchor component={Link} to={staffPathFor('staffBilling', { id: r.customer.id })} size="sm">
            The customer's bills
          </Anchor>
        </Group>
        <ReplacementActions r={r} />
      </Stack>
    </Paper>
  );
}

/** /staff/replacements: lost SIMs' replacements, to send, mark delivered and activate (ADR 0029). */
export default function ReplacementsPage() {
  const [state, setState] = useState('open');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['staff', 'replacements', state, page],
    queryFn: async () => (await staffApi.get<StaffReplacementPage>('/replacements', { state, page })).data,
    refetchInterval: (q) => (q.state.data?.items.some(waitsOnMvne) ? WAITING_POLL_MS : false),
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        SIM replacements
      </Title>
      <Text size="sm">
        Customers who lost their SIM: it is blocked at the network at once. Send a SIM from stock, mark it
        delivered, then enter its IMSI to move the line onto it, with the same number.
      </Text>
      <Select
        label="Show"
        data={FILTERS}
        value={state}
        onChange={(v) => {
          setState(v ?? 'open');
          setPage(1);
        }}
        allowDeselect={false}
        maw={280}
      />
      {query.isPending ? (
        <Text>Loading…</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            {query.data.total} replacement{query.data.total === 1 ? '' : 's'}
          </Text>
          {query.data.items.map((r) => (
            <Replacement key={r.id} r={r} />
          ))}
          {query.data.total > query.data.pageSize && (
            <Pagination
              total={Math.ceil(query.data.total / query.data.pageSize)}
              value={page}
              onChange={setPage}
              aria-label="Pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}

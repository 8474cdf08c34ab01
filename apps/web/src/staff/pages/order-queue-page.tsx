import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatMoney, ORDER_STATUSES } from '@selfcare/domain';
import type { StaffQueuePage } from '@selfcare/domain/contracts/staff';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { OrderStatusBadge } from '../../components/ui/order-status.tsx';
import { Link, useLocation, useSearchParams } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { staffApi } from '../staff-api.ts';

const FILTERS = ['status', 'typeSim', 'from', 'to', 'q'] as const;

/** Paid orders to work on, newest first; the filters live in the address so a view can be shared. */
export default function OrderQueuePage() {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const query = Object.fromEntries([...FILTERS, 'page'].map((k) => [k, params.get(k) ?? undefined]));
  const [draft, setDraft] = useState<Record<string, string>>(
    Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])),
  );
  const { data, error, isPending } = useQuery({
    queryKey: ['staff', 'queue', search],
    queryFn: async () => (await staffApi.get<StaffQueuePage>('/orders', query)).data,
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    // A search looks at every status unless one is chosen: the order asked about is often completed.
    const next = draft.q?.trim() && !draft.status ? { ...draft, status: 'all' } : draft;
    setDraft(next);
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  const field = (key: (typeof FILTERS)[number]) => ({
    value: draft[key] ?? '',
    onChange: (e: { currentTarget: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: e.currentTarget.value })),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <Title order={1} size="h2" mb="md">
        Order queue
      </Title>
      <form onSubmit={apply} aria-label="Filter orders">
        <Group align="end" mb="md" wrap="wrap">
          <TextInput
            label="Search"
            description="Order number, name, email, ID number or phone; every status unless one is chosen"
            {...field('q')}
          />
          <Select
            label="Status"
            data={[
              { value: '', label: 'Open (still to do)' },
              { value: 'all', label: 'All' },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
            ]}
            value={draft.status ?? ''}
            onChange={(v) => setDraft((d) => ({ ...d, status: v ?? '' }))}
            allowDeselect={false}
          />
          <Select
            label="SIM type"
            data={[
              { value: '', label: 'Any' },
              { value: '0', label: 'Physical SIM' },
              { value: '1', label: 'eSIM' },
            ]}
            value={draft.typeSim ?? ''}
            onChange={(v) => setDraft((d) => ({ ...d, typeSim: v ?? '' }))}
            allowDeselect={false}
          />
          <TextInput label="Ordered from" type="date" {...field('from')} />
          <TextInput label="Ordered to" type="date" {...field('to')} />
          <Button type="submit">Apply</Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {isPending && <Text>Loading…</Text>}
      {data && (
        <>
          <Text size="sm" mb="xs" aria-live="polite">
            {data.total} {data.total === 1 ? 'order' : 'orders'}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Ordered</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>ID number</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>SIM</Table.Th>
                  <Table.Th>Lines</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={staffPathFor('staffOrder', { id: o.id })}>
                        {o.orderNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatSg(o.createdAt, 'moment')}</Table.Td>
                    <Table.Td>{o.fullName}</Table.Td>
                    <Table.Td>{o.idNumber}</Table.Td>
                    <Table.Td>{o.phoneNumber}</Table.Td>
                    <Table.Td>{o.typeSim === 1 ? 'eSIM' : 'Physical'}</Table.Td>
                    <Table.Td>{o.lineCount}</Table.Td>
                    <Table.Td>{formatMoney(o.totalCents)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={o.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.items.length === 0 && <Text mt="sm">No orders match these filters.</Text>}
          {pages > 1 && (
            <Pagination
              mt="md"
              total={pages}
              value={data.page}
              onChange={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
        </>
      )}
    </>
  );
}

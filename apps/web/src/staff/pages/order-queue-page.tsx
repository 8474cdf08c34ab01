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
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { OrderStatusBadge } from '../../components/ui/order-status.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation, useSearchParams } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { staffCall } from '../staff-api.ts';
import '../texts.ts';

const FILTERS = ['status', 'typeSim', 'from', 'to', 'q'] as const;

/** Paid orders to work on, newest first; the filters live in the address so a view can be shared. */
export default function OrderQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const query = Object.fromEntries([...FILTERS, 'page'].map((k) => [k, params.get(k) ?? undefined]));
  const [draft, setDraft] = useState<Record<string, string>>(
    Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])),
  );
  const { data, error, isPending } = useQuery({
    queryKey: ['staff', 'queue', search],
    queryFn: async () => (await staffCall('GET /staff/orders', { query })).data,
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
        {t('staff.queue.title')}
      </Title>
      <form onSubmit={apply} aria-label={t('staff.queue.filter')}>
        <Group align="end" mb="md" wrap="wrap">
          <TextInput
            label={t('staff.queue.search')}
            description={t('staff.queue.searchHint')}
            {...field('q')}
          />
          <Select
            label={t('staff.queue.status')}
            data={[
              { value: '', label: t('staff.queue.open') },
              { value: 'all', label: t('staff.queue.all') },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
            ]}
            value={draft.status ?? ''}
            onChange={(v) => setDraft((d) => ({ ...d, status: v ?? '' }))}
            allowDeselect={false}
          />
          <Select
            label={t('staff.queue.simType')}
            data={[
              { value: '', label: t('staff.queue.any') },
              { value: '0', label: t('staff.queue.physicalSim') },
              { value: '1', label: t('staff.queue.esim') },
            ]}
            value={draft.typeSim ?? ''}
            onChange={(v) => setDraft((d) => ({ ...d, typeSim: v ?? '' }))}
            allowDeselect={false}
          />
          <TextInput label={t('staff.queue.from')} type="date" {...field('from')} />
          <TextInput label={t('staff.queue.to')} type="date" {...field('to')} />
          <Button type="submit">{t('staff.queue.apply')}</Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {isPending && <Text>{t('staff.common.loading')}</Text>}
      {data && (
        <>
          <Text size="sm" mb="xs" aria-live="polite">
            {t('staff.queue.count', { count: data.total })}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.queue.columns.order')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.ordered')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.customer')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.idNumber')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.phone')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.sim')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.lines')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.total')}</Table.Th>
                  <Table.Th>{t('staff.queue.columns.status')}</Table.Th>
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
                    <Table.Td>{o.typeSim === 1 ? t('staff.queue.esim') : t('staff.queue.physical')}</Table.Td>
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
          {data.items.length === 0 && <Text mt="sm">{t('staff.queue.none')}</Text>}
          {pages > 1 && (
            <Pagination
              mt="md"
              total={pages}
              value={data.page}
              onChange={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
              getControlProps={(control) => ({ 'aria-label': t('staff.common.pageControl', { control }) })}
              getItemProps={(p) => ({ 'aria-label': t('staff.common.page', { page: p }) })}
            />
          )}
        </>
      )}
    </>
  );
}

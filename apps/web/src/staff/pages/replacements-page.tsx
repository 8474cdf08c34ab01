import { Alert, Anchor, Badge, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { formatSgMobile } from '@selfcare/domain';
import type { StaffReplacement } from '@selfcare/domain/contracts/staff';
import { DELIVERY_METHOD_LABELS } from '@selfcare/domain/fulfilment';
import { REPLACEMENT_STATE_LABELS, REPLACEMENT_STATES } from '@selfcare/domain/line-services';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsList } from '../../components/ui/details-list.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { ReplacementActions } from '../components/replacement-actions.tsx';
import { staffCall } from '../staff-api.ts';
import '../texts.ts';

/** How often the page looks again while a replacement waits on the MVNE (the block, the swap). */
const WAITING_POLL_MS = 3000;
const waitsOnMvne = (r: StaffReplacement) =>
  r.state === 'activating' || (r.blockedAt === null && r.state !== 'cancelled' && r.state !== 'completed');

function Replacement({ r }: { r: StaffReplacement }) {
  const { t } = useTranslation();
  const number = formatSgMobile(r.msisdn);
  const at = (iso: string | null) => (iso ? formatSg(iso, 'moment') : null);
  return (
    <Paper withBorder p="md" component="section" aria-label={t('staff.replacements.replacement', { number })}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {number} · {r.customer.name} ·{' '}
          {r.typeSim === 1 ? t('staff.replacements.esim') : t('staff.replacements.physicalSim')}
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
            [t('staff.replacements.reported'), at(r.reportedAt)],
            [t('staff.replacements.blocked'), at(r.blockedAt) ?? t('staff.replacements.notBlocked')],
            [t('staff.replacements.lostSim'), r.lostIccid],
            [
              t('staff.replacements.sendTo'),
              r.typeSim === 1 ? null : (r.deliveryAddress ?? t('staff.replacements.noAddress')),
            ],
            [t('staff.replacements.newSim'), r.newIccid],
            [
              t('staff.replacements.delivery'),
              r.trackingCode
                ? t('staff.replacements.deliveryValue', {
                    method: DELIVERY_METHOD_LABELS[r.deliveryMethod ?? -1] ?? '',
                    date: r.deliveryDate ? formatSg(r.deliveryDate, 'weekday') : '',
                    code: r.trackingCode,
                  })
                : null,
            ],
            [t('staff.replacements.sent'), at(r.sentAt)],
            [t('staff.replacements.delivered'), at(r.deliveredAt)],
            [t('staff.replacements.activationRequested'), at(r.activationRequestedAt)],
            [t('staff.replacements.working'), at(r.completedAt)],
          ]}
        />
        {r.failure && (
          <Alert color="orange" variant="light">
            {r.failure}
          </Alert>
        )}
        <Group gap="md">
          <Anchor component={Link} to={staffPathFor('staffLines', { id: r.customer.id })} size="sm">
            {t('staff.common.customerLines')}
          </Anchor>
          <Anchor component={Link} to={staffPathFor('staffBilling', { id: r.customer.id })} size="sm">
            {t('staff.common.customerBills')}
          </Anchor>
        </Group>
        <ReplacementActions r={r} />
      </Stack>
    </Paper>
  );
}

/** /staff/replacements: lost SIMs' replacements, to send, mark delivered and activate (ADR 0029). */
export default function ReplacementsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState('open');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['staff', 'replacements', state, page],
    queryFn: async () => (await staffCall('GET /staff/replacements', { query: { state, page } })).data,
    refetchInterval: (q) => (q.state.data?.items.some(waitsOnMvne) ? WAITING_POLL_MS : false),
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('staff.replacements.title')}
      </Title>
      <Text size="sm">{t('staff.replacements.intro')}</Text>
      <Select
        label={t('staff.replacements.show')}
        data={[
          { value: 'open', label: t('staff.replacements.open') },
          ...REPLACEMENT_STATES.map((s) => ({ value: s, label: REPLACEMENT_STATE_LABELS[s] })),
          { value: 'all', label: t('staff.replacements.all') },
        ]}
        value={state}
        onChange={(v) => {
          setState(v ?? 'open');
          setPage(1);
        }}
        allowDeselect={false}
        maw={280}
      />
      {query.isPending ? (
        <Text>{t('staff.common.loading')}</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t('staff.replacements.count', { count: query.data.total })}</Text>
          {query.data.items.map((r) => (
            <Replacement key={r.id} r={r} />
          ))}
          {query.data.total > query.data.pageSize && (
            <Pagination
              total={Math.ceil(query.data.total / query.data.pageSize)}
              value={page}
              onChange={setPage}
              aria-label={t('staff.replacements.pages')}
            />
          )}
        </>
      )}
    </Stack>
  );
}

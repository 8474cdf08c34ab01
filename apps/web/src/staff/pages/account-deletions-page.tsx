import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, formatSgMobile } from '@selfcare/domain';
import type { StaffDeletionRequest } from '@selfcare/domain/contracts/account-deletion';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { t, useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg, formatSgDay } from '../../lib/sg-date.ts';
import { staffCall } from '../staff-api.ts';
import '../texts.ts';

const KEY = ['staff', 'account-deletions'];

const lineText = (l: StaffDeletionRequest['lines'][number]) =>
  `${formatSgMobile(l.msisdn)}: ${
    l.state === 'terminated'
      ? t('staff.closures.lineEnded', { date: formatSgDay(l.endsOn ?? '') })
      : l.endsOn
        ? t('staff.closures.lineEnds', { state: l.state, date: formatSgDay(l.endsOn) })
        : t('staff.closures.lineNoEnd', { state: l.state })
  }`;

/** One open request: who asked and when, their lines, what it waits for, and closing the account. */
function DeletionRequest({
  request,
  onClosed,
}: {
  request: StaffDeletionRequest;
  onClosed: (m: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const complete = useMutation({
    mutationFn: () => staffCall('POST /staff/account-deletions/:id/complete', { params: { id: request.id } }),
    onSuccess: async (res) => {
      onClosed(`${res.message} (${request.name}, ${request.email ?? t('staff.common.noEmail')})`);
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const ready = request.blockers.length === 0;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('staff.closures.request', { name: request.name })}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {request.name}
        </Title>
        <Text size="sm">
          {request.email ?? t('staff.closures.noEmail')}
          {request.phoneNumber ? ` · ${formatSgMobile(request.phoneNumber)}` : ''} ·{' '}
          {t('staff.closures.askedOn', { date: formatSg(request.requestedAt, 'moment') })}
        </Text>
        <Text size="sm">
          {t('staff.closures.lines', {
            lines:
              request.lines.length === 0
                ? t('staff.closures.noLines')
                : request.lines.map(lineText).join('; '),
            unpaid: formatMoney(request.unpaidCents),
          })}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={staffPathFor('staffBilling', { id: request.userId })} size="sm">
            {t('staff.common.customerBills')}
          </Anchor>
          <Anchor component={Link} to={staffPathFor('staffLines', { id: request.userId })} size="sm">
            {t('staff.common.customerLines')}
          </Anchor>
        </Group>
        {ready ? (
          <Text size="sm">{t('staff.closures.ready')}</Text>
        ) : (
          <>
            <Text size="sm">{t('staff.closures.waitingFor')}</Text>
            <List size="sm">
              {request.blockers.map((b) => (
                <List.Item key={b}>{b}</List.Item>
              ))}
            </List>
          </>
        )}
        {complete.error && (
          <Alert color="red" role="alert">
            {complete.error.message}
          </Alert>
        )}
        {confirming ? (
          <Stack gap="xs">
            <Text size="sm" fw={700}>
              {t('staff.closures.warning', { name: request.name })}
            </Text>
            <Group>
              <Button size="xs" color="red.9" loading={complete.isPending} onClick={() => complete.mutate()}>
                {t('staff.closures.confirm')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
                {t('staff.common.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button
            size="xs"
            variant="default"
            w="fit-content"
            disabled={!ready}
            onClick={() => setConfirming(true)}
          >
            {t('staff.closures.close')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /staff/account-deletions: customers' requests to close their account and delete their data (PDPA). */
export default function AccountDeletionsPage() {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<string | null>(null);
  const query = useQuery({
    queryKey: KEY,
    queryFn: async () => (await staffCall('GET /staff/account-deletions')).data,
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('staff.closures.title')}
      </Title>
      <Text size="sm">{t('staff.closures.intro')}</Text>
      {closed && (
        <Alert color="green" role="status">
          {closed}
        </Alert>
      )}
      {query.isPending ? (
        <Text>{t('staff.common.loading')}</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text>{t('staff.closures.none')}</Text>
      ) : (
        query.data.map((r) => <DeletionRequest key={r.id} request={r} onClosed={setClosed} />)
      )}
    </Stack>
  );
}

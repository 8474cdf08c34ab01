import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, formatSgDay, formatSgMobile } from '@selfcare/domain';
import type { DeletionCompleted, StaffDeletionRequest } from '@selfcare/domain/contracts/account-deletion';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { staffApi } from '../staff-api.ts';

const KEY = ['staff', 'account-deletions'];

const lineText = (l: StaffDeletionRequest['lines'][number]) =>
  `${formatSgMobile(l.msisdn)}: ${
    l.state === 'terminated'
      ? `ended ${formatSgDay(l.endsOn ?? '')}`
      : l.endsOn
        ? `${l.state}, ends ${formatSgDay(l.endsOn)}`
        : `${l.state}, no end scheduled`
  }`;

/** One open request: who asked and when, their lines, what it waits for, and closing the account. */
function DeletionRequest({
  request,
  onClosed,
}: {
  request: StaffDeletionRequest;
  onClosed: (m: string) => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const complete = useMutation({
    mutationFn: () => staffApi.post<DeletionCompleted>(`/account-deletions/${request.id}/complete`, {}),
    onSuccess: async (res) => {
      onClosed(`${res.message} (${request.name}, ${request.email ?? 'no email'})`);
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const ready = request.blockers.length === 0;
  return (
    <Paper withBorder p="md" component="section" aria-label={`Request of ${request.name}`}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {request.name}
        </Title>
        <Text size="sm">
          {request.email ?? 'No email'}
          {request.phoneNumber ? ` · ${formatSgMobile(request.phoneNumber)}` : ''} · asked on{' '}
          {formatSg(request.requestedAt, 'moment')}
        </Text>
        <Text size="sm">
          Lines: {request.lines.length === 0 ? 'none' : request.lines.map(lineText).join('; ')}. Unpaid:{' '}
          {formatMoney(request.unpaidCents)}.
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={staffPathFor('staffBilling', { id: request.userId })} size="sm">
            The customer's bills
          </Anchor>
          <Anchor component={Link} to={staffPathFor('staffLines', { id: request.userId })} size="sm">
            The customer's lines
          </Anchor>
        </Group>
        {ready ? (
          <Text size="sm">Nothing is left to settle: the account may be closed.</Text>
        ) : (
          <>
            <Text size="sm">Waiting for:</Text>
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
              Closing erases the login, the profile, the ID documents, MyInfo's data, the card, the consents
              and the usage of {request.name}, for good. The bills and payments are kept, naming no one.
            </Text>
            <Group>
              <Button size="xs" color="red.9" loading={complete.isPending} onClick={() => complete.mutate()}>
                Confirm: close and delete
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
                Cancel
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
            Close and delete the account
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /staff/account-deletions: customers' requests to close their account and delete their data (PDPA). */
export default function AccountDeletionsPage() {
  const [closed, setClosed] = useState<string | null>(null);
  const query = useQuery({
    queryKey: KEY,
    queryFn: async () => (await staffApi.get<StaffDeletionRequest[]>('/account-deletions')).data,
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        Account closures
      </Title>
      <Text size="sm">
        Customers who asked to close their account and delete their personal data, oldest first. An account is
        closed once every line has ended, its final bill is made and nothing is unpaid.
      </Text>
      {closed && (
        <Alert color="green" role="status">
          {closed}
        </Alert>
      )}
      {query.isPending ? (
        <Text>Loading…</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text>No open requests.</Text>
      ) : (
        query.data.map((r) => <DeletionRequest key={r.id} request={r} onClosed={setClosed} />)
      )}
    </Stack>
  );
}

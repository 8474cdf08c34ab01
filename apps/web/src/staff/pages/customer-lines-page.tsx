import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatSgMobile } from '@selfcare/domain';
import type { LineServices, StaffCustomerLines } from '@selfcare/domain/contracts/line-services';
import { StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { SUSPENSION_REASON_LABELS } from '@selfcare/domain/line-services';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { StaffReasonForm } from '../components/reason-form.tsx';
import { staffApi, useStaff } from '../staff-api.ts';

const linesKey = (id: string) => ['staff', 'lines', id];

/** Resuming a suspended line: the reason is asked for and kept in the audit log with who gave it. */
function UnsuspendForm({ line, onDone }: { line: LineServices; onDone: () => void }) {
  const queryClient = useQueryClient();
  return (
    <StaffReasonForm
      label={`Reason to unsuspend ${formatSgMobile(line.msisdn)}`}
      confirm="Confirm: unsuspend"
      send={async (reason) => {
        const res = await staffApi.post<LineServices>(`/lines/${line.lineId}/unsuspend`, { reason });
        await queryClient.invalidateQueries({ queryKey: ['staff', 'lines'] });
        return res;
      }}
      onDone={onDone}
    />
  );
}

function Line({ line, canResume }: { line: LineServices; canResume: boolean }) {
  const [resuming, setResuming] = useState(false);
  const number = formatSgMobile(line.msisdn);
  return (
    <Paper withBorder p="md" component="section" aria-label={`Line ${number}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {number} ({line.isMainLine ? 'main line' : 'sub line'})
        </Title>
        <Badge color={line.status === 'Suspension' ? 'red.9' : 'teal.9'} tt="none">
          {line.status}
        </Badge>
      </Group>
      <Stack gap="xs">
        {line.suspension && (
          <Text size="sm">
            Suspended by the customer on {formatSg(line.suspension.since, 'moment')}:{' '}
            {SUSPENSION_REASON_LABELS[line.suspension.reason]}
          </Text>
        )}
        <Text size="sm">
          International calls and SMS: incoming {line.barring.incomingInternational ? 'barred' : 'allowed'},
          outgoing {line.barring.outgoingInternational ? 'barred' : 'allowed'}
        </Text>
        {line.pending && <Text size="sm">A change is on its way to the network.</Text>}
        {line.suspension &&
          canResume &&
          (resuming ? (
            <UnsuspendForm line={line} onDone={() => setResuming(false)} />
          ) : (
            <Button size="xs" variant="default" w="fit-content" onClick={() => setResuming(true)}>
              Unsuspend {number}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}

/** /staff/customers/{id}/lines: a customer's live lines; support resumes a suspended one. */
export default function CustomerLinesPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const staff = useStaff();
  const query = useQuery({
    queryKey: linesKey(id),
    queryFn: async () => (await staffApi.get<StaffCustomerLines>(`/customers/${id}/lines`)).data,
  });
  if (query.isPending) return <Text>Loading…</Text>;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  const canResume = staff ? staffMay(staff.role, StaffPermission.ManageLines) : false;
  return (
    <Stack>
      <Title order={1} size="h3">
        Lines of {query.data.customer.name}
      </Title>
      {query.data.customer.email && <Text size="sm">{query.data.customer.email}</Text>}
      <Anchor component={Link} to={staffPathFor('staffBilling', { id: id })} size="sm">
        The customer's bills
      </Anchor>
      {query.data.lines.length === 0 && <Text>No live lines.</Text>}
      {query.data.lines.map((l) => (
        <Line key={l.lineId} line={l} canResume={canResume} />
      ))}
    </Stack>
  );
}

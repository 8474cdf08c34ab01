import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatSgMobile } from '@selfcare/domain';
import type { LineServices } from '@selfcare/domain/contracts/line-services';
import { StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { SUSPENSION_REASON_LABELS } from '@selfcare/domain/line-services';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { StaffReasonForm } from '../components/reason-form.tsx';
import { staffCall, useStaff } from '../staff-api.ts';
import '../texts.ts';

const linesKey = (id: string) => ['staff', 'lines', id];

/** Resuming a suspended line: the reason is asked for and kept in the audit log with who gave it. */
function UnsuspendForm({ line, onDone }: { line: LineServices; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <StaffReasonForm
      label={t('staff.lines.unsuspendReason', { number: formatSgMobile(line.msisdn) })}
      confirm={t('staff.lines.confirmUnsuspend')}
      send={async (reason) => {
        const res = await staffCall('POST /staff/lines/:id/unsuspend', {
          params: { id: line.lineId },
          body: { reason },
        });
        await queryClient.invalidateQueries({ queryKey: ['staff', 'lines'] });
        return res;
      }}
      onDone={onDone}
    />
  );
}

function Line({ line, canResume }: { line: LineServices; canResume: boolean }) {
  const { t } = useTranslation();
  const [resuming, setResuming] = useState(false);
  const number = formatSgMobile(line.msisdn);
  return (
    <Paper withBorder p="md" component="section" aria-label={t('staff.lines.line', { number })}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {number} ({line.isMainLine ? t('staff.lines.mainLine') : t('staff.lines.subLine')})
        </Title>
        <Badge color={line.status === 'Suspension' ? 'red.9' : 'teal.9'} tt="none">
          {line.status}
        </Badge>
      </Group>
      <Stack gap="xs">
        {line.suspension && (
          <Text size="sm">
            {t('staff.lines.suspended', {
              date: formatSg(line.suspension.since, 'moment'),
              reason: SUSPENSION_REASON_LABELS[line.suspension.reason],
            })}
          </Text>
        )}
        <Text size="sm">
          {t('staff.lines.barring', {
            incoming: line.barring.incomingInternational ? t('staff.lines.barred') : t('staff.lines.allowed'),
            outgoing: line.barring.outgoingInternational ? t('staff.lines.barred') : t('staff.lines.allowed'),
          })}
        </Text>
        {line.pending && <Text size="sm">{t('staff.lines.pending')}</Text>}
        {line.suspension &&
          canResume &&
          (resuming ? (
            <UnsuspendForm line={line} onDone={() => setResuming(false)} />
          ) : (
            <Button size="xs" variant="default" w="fit-content" onClick={() => setResuming(true)}>
              {t('staff.lines.unsuspend', { number })}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}

/** /staff/customers/{id}/lines: a customer's live lines; support resumes a suspended one. */
export default function CustomerLinesPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation();
  const id = params.id ?? '';
  const staff = useStaff();
  const query = useQuery({
    queryKey: linesKey(id),
    queryFn: async () => (await staffCall('GET /staff/customers/:id/lines', { params: { id } })).data,
  });
  if (query.isPending) return <Text>{t('staff.common.loading')}</Text>;
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
        {t('staff.lines.title', { name: query.data.customer.name })}
      </Title>
      {query.data.customer.email && <Text size="sm">{query.data.customer.email}</Text>}
      <Anchor component={Link} to={staffPathFor('staffBilling', { id: id })} size="sm">
        {t('staff.common.customerBills')}
      </Anchor>
      {query.data.lines.length === 0 && <Text>{t('staff.lines.none')}</Text>}
      {query.data.lines.map((l) => (
        <Line key={l.lineId} line={l} canResume={canResume} />
      ))}
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isPermitted, pathFor, type RouteDef } from '@selfcare/domain';
import type { PortRequest } from '@selfcare/domain/contracts/lines';
import { portWithNetwork } from '@selfcare/domain/fulfilment';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { QueryList } from '../../../components/ui/query-view.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { usePorts } from '../api/get-ports.ts';
import { useSubmitPort } from '../api/submit-port.ts';
import { phone } from './sim-management-page.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

const STATUS_COLOR: Record<string, string> = {
  pending: 'violet.9',
  submitted: 'blue.9',
  'in progress': 'blue.9',
  success: 'teal.9',
  unsuccess: 'red.9',
  failed: 'red.9',
  canceled: 'gray.7',
};

function PortCard({ port, mayEdit }: { port: PortRequest; mayEdit: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmitPort();
  const headingId = `port-${port.id}`;
  const window =
    port.windowStart && port.windowEnd
      ? t('lines.windowText', {
          start: formatSg(port.windowStart, 'moment'),
          end: formatSg(port.windowEnd, 'moment'),
        })
      : null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {phone(port.msisdn)}
        </Title>
        <Badge color={STATUS_COLOR[port.status]} tt="none">
          {t(`lines.portStatus.${port.status}`)}
        </Badge>
      </Group>
      <DetailsList
        rows={[
          [t('lines.donor'), port.donorNetworkName],
          [t('lines.donorId', { network: port.donorNetworkName }), port.donorIdNumber],
          [t('lines.window'), port.status !== 'success' && window],
        ]}
      />
      <Stack gap="xs" mt="sm">
        {port.status === 'pending' && <Text>{t('lines.pendingHelp')}</Text>}
        {portWithNetwork(port.status) && (
          <Text>
            {t(port.withNetwork ? 'lines.withNetworkHelp' : 'lines.submittedHelp')}{' '}
            {!port.lineActive && t('lines.waitsForSim')}
          </Text>
        )}
        {port.status === 'success' && <Text>{t('lines.successHelp')}</Text>}
        {port.status === 'failed' && <Alert color="red">{t('lines.failedHelp')}</Alert>}
        {port.refusal && (
          <Alert color="red" title={tm(port.refusal.reason)}>
            {tm(port.refusal.advice)}
          </Alert>
        )}
        {port.temporaryMsisdn && port.status !== 'success' && (
          <Text size="sm" c="dimmed">
            {t('lines.usingTemporary', { number: phone(port.temporaryMsisdn) })}
          </Text>
        )}
        {submit.isError && <FormError message={submit.error.message} />}
        <Group>
          {port.canSubmit && (
            <Button
              loading={submit.isPending}
              onClick={() => submit.mutate(port.id, { onSuccess: (r) => notifySuccess(r.message) })}
              aria-describedby={headingId}
            >
              {t('lines.submit')}
            </Button>
          )}
          {port.canEdit && mayEdit && (
            <Button
              variant="outline"
              component={Link}
              to={pathFor('numberPortEdit', { id: port.id })}
              aria-describedby={headingId}
            >
              {t('lines.edit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /manage/numberPort: each port-in request, its status, its porting window and what to do. */
export default function NumberPortPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const ports = usePorts();
  const { user } = useSession();
  const mayEdit = user ? isPermitted(user, 'numberPortEdit') : false;
  return (
    <Stack>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <QueryList query={ports} empty={t('lines.portsNone')}>
        {(items) => items.map((p) => <PortCard key={p.id} port={p} mayEdit={mayEdit} />)}
      </QueryList>
    </Stack>
  );
}

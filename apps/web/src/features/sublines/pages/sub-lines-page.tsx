import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { customerOrderStatus, formatSgMobile, pathFor, type RouteDef } from '@selfcare/domain';
import type { SubLinesView } from '@selfcare/domain/contracts/sub-lines';
import { FormError } from '../../../components/ui/form-error.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { useSubLines } from '../api/sub-lines.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

type Line = SubLinesView['lines'][number];
const plus65 = (msisdn: string) => `+65 ${formatSgMobile(msisdn)}`;
// Filled, in the darkest shades, as the other status badges: white text reads on each (4.5:1 and more).
const COLORS: Record<Line['state'], string> = {
  ordered: 'violet.9',
  activating: 'violet.9',
  active: 'teal.9',
  suspended: 'red.9',
  terminated: 'gray.7',
  stopped: 'gray.7',
};

function State({ line }: { line: Line }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[line.state]} tt="none">
      {t(`subLines.states.${line.state}`, {
        // Where its order stands, in the words every page uses for an 'Us' line's order.
        status: tm(customerOrderStatus(line.orderStatus, 'sub-line')),
      })}
    </Badge>
  );
}

/** /manage/mobileSubLine: the customer's 'Us' lines, where each stands, and adding another. */
export default function SubLinesPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const read = useSubLines();
  const view = read.data;
  const used = view ? view.limit - view.remaining : 0;
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <Text>{t('subLines.intro')}</Text>
      {read.isError && <FormError message={read.error.message} />}
      {view && (
        <>
          <Group justify="space-between">
            <Text fw={600}>{t('subLines.count', { used, limit: view.limit })}</Text>
            {view.blocked ? null : (
              <Button component={Link} to={pathFor('mobileSubLineCreate')}>
                {t('subLines.add')}
              </Button>
            )}
          </Group>
          {view.blocked && <Text role="note">{view.blocked}</Text>}
          {view.lines.length === 0 ? (
            <Text>{t('subLines.none')}</Text>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table className="stack-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('subLines.number')}</Table.Th>
                    <Table.Th scope="col">{t('subLines.user')}</Table.Th>
                    <Table.Th scope="col">{t('subLines.sim')}</Table.Th>
                    <Table.Th scope="col">{t('subLines.status')}</Table.Th>
                    <Table.Th scope="col">{t('subLines.order')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.lines.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Th scope="row" data-label={t('subLines.number')}>
                        {plus65(l.msisdn)}
                      </Table.Th>
                      <Table.Td data-label={t('subLines.user')}>
                        {l.fullName ?? t('subLines.unnamed')}
                        {l.loginNumber && (
                          <Text size="xs" c="dimmed">
                            {t('subLines.signsIn', { number: plus65(l.loginNumber) })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td data-label={t('subLines.sim')}>
                        {l.typeSim === 1 ? t('subLines.esim') : t('subLines.physical')}
                      </Table.Td>
                      <Table.Td data-label={t('subLines.status')}>
                        <State line={l} />
                      </Table.Td>
                      <Table.Td data-label={t('subLines.order')}>
                        <Link to={pathFor('orderDetail', { id: l.orderId })}>{l.orderNumber}</Link>
                        <Text size="xs" c="dimmed">
                          {formatSg(l.addedAt, 'day')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}

import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatSgMobile, pathFor, type RouteDef } from '@selfcare/domain';
import type { Line } from '@selfcare/domain/contracts/lines';
import { LINE_STATUS_LABELS } from '@selfcare/domain/fulfilment';
import { QueryList } from '../../../components/ui/query-view.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useLines } from '../api/get-lines.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

export const phone = (n: string) => `+65 ${formatSgMobile(n)}`;

/** A line's status as the API words it (`LINE_STATUS_LABELS`): in service teal, suspended red. */
export function LineStatus({ status }: { status: string }) {
  const color =
    status === LINE_STATUS_LABELS.active
      ? 'teal.9'
      : status === LINE_STATUS_LABELS.suspended
        ? 'red.9'
        : 'gray.7';
  return (
    <Badge color={color} tt="none">
      {tm(status)}
    </Badge>
  );
}

export function LineNumber({ line }: { line: Pick<Line, 'msisdn' | 'temporaryMsisdn'> }) {
  const { t } = useTranslation();
  return (
    <>
      {phone(line.msisdn)}
      {line.temporaryMsisdn && (
        <Text size="sm" c="dimmed">
          {t('lines.temporary', { number: phone(line.temporaryMsisdn) })}
        </Text>
      )}
    </>
  );
}

/** /manage/simManagement: every line with its number, SIM type, masked ICCID, status and eSIM installations left. */
export default function SimManagementPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const lines = useLines();
  return (
    <Stack>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <QueryList query={lines} empty={t('lines.none')}>
        {(items) => (
          <Paper withBorder radius="md" p="md">
            {/* Each line stacks on a phone, its fields one under another (app.css .stack-table). */}
            <Table className="stack-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('lines.number')}</Table.Th>
                  <Table.Th scope="col">{t('lines.plan')}</Table.Th>
                  <Table.Th scope="col">{t('lines.simType')}</Table.Th>
                  <Table.Th scope="col">{t('lines.iccid')}</Table.Th>
                  <Table.Th scope="col">{t('lines.status')}</Table.Th>
                  <Table.Th scope="col">{t('lines.installsLeft')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td data-label={t('lines.number')}>
                      <Link
                        to={pathFor('simManagementDetail', { id: l.id })}
                        aria-label={t('lines.detailsOf', { number: phone(l.msisdn) })}
                      >
                        <LineNumber line={l} />
                      </Link>
                      <Text size="xs" c="dimmed">
                        {l.isMainLine ? t('lines.main') : t('lines.sub')}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t('lines.plan')}>{l.planName}</Table.Td>
                    <Table.Td data-label={t('lines.simType')}>
                      {l.typeSim === 1 ? t('lines.esim') : t('lines.physical')}
                    </Table.Td>
                    <Table.Td data-label={t('lines.iccid')}>{l.iccid ?? '—'}</Table.Td>
                    <Table.Td data-label={t('lines.status')}>
                      <LineStatus status={l.status} />
                    </Table.Td>
                    <Table.Td data-label={t('lines.installsLeft')}>{l.esimInstallsLeft ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryList>
    </Stack>
  );
}

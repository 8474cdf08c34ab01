import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { SimImportReport } from '@selfcare/domain/contracts/staff';
import { maskIccid, SIM_STATES, StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation, useSearchParams } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { staffCall, useStaff } from '../staff-api.ts';
import '../texts.ts';

function ImportForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<SimImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setReport(null);
    if (!file) {
      setError(t('staff.stock.fileRequired'));
      return;
    }
    setBusy(true);
    try {
      const res = await staffCall('POST /staff/sims/import', { file });
      setReport(res.data);
      notifySuccess(t('staff.stock.added', { count: res.data.added }));
      await queryClient.invalidateQueries({ queryKey: ['staff', 'stock'] });
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={t('staff.stock.form')}>
      <Group align="end">
        <FileInput
          label={t('staff.stock.file')}
          description={t('staff.stock.fileHint')}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          error={error}
          clearable
        />
        <Button type="submit" loading={busy}>
          {t('staff.stock.submit')}
        </Button>
      </Group>
      {report && (
        <Alert mt="sm" color={report.errors.length ? 'yellow' : 'green'} role="status">
          {t('staff.stock.report', {
            added: report.added,
            already: report.alreadyInStock,
            refused: report.errors.length,
          })}
          {report.errors.length > 0 && (
            <List size="sm" mt="xs">
              {report.errors.map((e) => (
                <List.Item key={e.line}>
                  {t('staff.stock.errorLine', { line: e.line, message: e.message })}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </form>
  );
}

/** Physical SIM stock by state, loading new stock (admins), and each SIM's whereabouts. */
export default function SimStockPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const [q, setQ] = useState(params.get('q') ?? '');
  const stock = useQuery({
    queryKey: ['staff', 'stock', 'counts'],
    queryFn: async () => (await staffCall('GET /staff/sims/stock')).data,
  });
  const list = useQuery({
    queryKey: ['staff', 'stock', 'list', search],
    queryFn: async () =>
      (
        await staffCall('GET /staff/sims', {
          query: {
            state: params.get('state') ?? undefined,
            q: params.get('q') ?? undefined,
            page: params.get('page') ?? undefined,
          },
        })
      ).data,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('staff.stock.title')}
      </Title>
      {stock.data?.lowStock && (
        <Alert color="orange" role="alert" mb="md">
          {stock.data.lowStock}
        </Alert>
      )}
      {stock.data && (
        <SimpleGrid cols={{ base: 2, sm: 5 }} mb="md">
          {SIM_STATES.map((s) => (
            <Paper key={s} withBorder p="sm">
              <Text size="sm" tt="capitalize">
                {s}
              </Text>
              <Text fw={700} size="xl">
                {stock.data.counts[s]}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder p="md" mb="md">
        <Title order={2} size="h4" mb="sm">
          {t('staff.stock.load')}
        </Title>
        {staff && staffMay(staff.role, StaffPermission.ManageInventory) ? (
          <ImportForm />
        ) : (
          <Text size="sm">{t('staff.stock.adminOnly')}</Text>
        )}
      </Paper>
      <form
        aria-label={t('staff.stock.find')}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(
            Object.fromEntries(Object.entries({ state: params.get('state') ?? '', q }).filter(([, v]) => v)),
          );
        }}
      >
        <Group align="end" mb="sm">
          <TextInput
            label={t('staff.stock.iccidContains')}
            inputMode="numeric"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <Select
            label={t('staff.stock.state')}
            data={[
              { value: '', label: t('staff.stock.any') },
              ...SIM_STATES.map((s) => ({ value: s, label: s })),
            ]}
            value={params.get('state') ?? ''}
            onChange={(v) =>
              setParams(Object.fromEntries(Object.entries({ state: v ?? '', q }).filter(([, x]) => x)))
            }
            allowDeselect={false}
          />
          <Button type="submit">{t('staff.stock.findSubmit')}</Button>
        </Group>
      </form>
      {list.data && (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.stock.columns.iccid')}</Table.Th>
                  <Table.Th>{t('staff.stock.columns.imsi')}</Table.Th>
                  <Table.Th>{t('staff.stock.columns.state')}</Table.Th>
                  <Table.Th>{t('staff.stock.columns.order')}</Table.Th>
                  <Table.Th>{t('staff.stock.columns.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((s) => (
                  <Table.Tr key={s.iccid}>
                    <Table.Td>
                      <span title={maskIccid(s.iccid)}>{s.iccid}</span>
                    </Table.Td>
                    <Table.Td>{s.imsi}</Table.Td>
                    <Table.Td>
                      {s.state}
                      {s.stateReason ? ` (${s.stateReason})` : ''}
                    </Table.Td>
                    <Table.Td>
                      {s.orderId ? (
                        <Link to={staffPathFor('staffOrder', { id: s.orderId })}>
                          {s.orderNumber} · {s.msisdn}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{formatSg(s.updatedAt, 'moment')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Pagination
              mt="md"
              total={pages}
              value={list.data.page}
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

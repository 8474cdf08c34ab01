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
import type { SimImportReport, SimStock, StockSimPage } from '@selfcare/domain/contracts/staff';
import { maskIccid, SIM_STATES, StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notifySuccess } from '../../components/ui/notify.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Link, useLocation, useSearchParams } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import { staffApi, useStaff } from '../staff-api.ts';

function ImportForm() {
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
      setError('File is required');
      return;
    }
    setBusy(true);
    try {
      const res = await staffApi.upload<SimImportReport>('/sims/import', file);
      setReport(res.data);
      notifySuccess(`${res.data.added} SIMs added to stock`);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'stock'] });
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Load SIM stock">
      <Group align="end">
        <FileInput
          label="Stock file (CSV)"
          description="Columns iccid, imsi, pin, puk; one SIM per line"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          error={error}
          clearable
        />
        <Button type="submit" loading={busy}>
          Load SIMs
        </Button>
      </Group>
      {report && (
        <Alert mt="sm" color={report.errors.length ? 'yellow' : 'green'} role="status">
          {report.added} added, {report.alreadyInStock} already in stock, {report.errors.length} refused.
          {report.errors.length > 0 && (
            <List size="sm" mt="xs">
              {report.errors.map((e) => (
                <List.Item key={e.line}>
                  Line {e.line}: {e.message}
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
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const [q, setQ] = useState(params.get('q') ?? '');
  const stock = useQuery({
    queryKey: ['staff', 'stock', 'counts'],
    queryFn: async () => (await staffApi.get<SimStock>('/sims/stock')).data,
  });
  const list = useQuery({
    queryKey: ['staff', 'stock', 'list', search],
    queryFn: async () =>
      (
        await staffApi.get<StockSimPage>('/sims', {
          state: params.get('state') ?? undefined,
          q: params.get('q') ?? undefined,
          page: params.get('page') ?? undefined,
        })
      ).data,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <>
      <Title order={1} size="h2" mb="md">
        SIM stock
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
          Load stock
        </Title>
        {staff && staffMay(staff.role, StaffPermission.ManageInventory) ? (
          <ImportForm />
        ) : (
          <Text size="sm">Only an admin can load SIM stock.</Text>
        )}
      </Paper>
      <form
        aria-label="Find SIMs"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(
            Object.fromEntries(Object.entries({ state: params.get('state') ?? '', q }).filter(([, v]) => v)),
          );
        }}
      >
        <Group align="end" mb="sm">
          <TextInput
            label="ICCID contains"
            inputMode="numeric"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <Select
            label="State"
            data={[{ value: '', label: 'Any' }, ...SIM_STATES.map((s) => ({ value: s, label: s }))]}
            value={params.get('state') ?? ''}
            onChange={(v) =>
              setParams(Object.fromEntries(Object.entries({ state: v ?? '', q }).filter(([, x]) => x)))
            }
            allowDeselect={false}
          />
          <Button type="submit">Find</Button>
        </Group>
      </form>
      {list.data && (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ICCID</Table.Th>
                  <Table.Th>IMSI</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Updated</Table.Th>
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
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
        </>
      )}
    </>
  );
}

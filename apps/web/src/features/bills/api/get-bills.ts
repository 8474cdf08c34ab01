import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { fetchFile, saveFile } from '../../../lib/download.ts';

export const getBills = async () => (await call('GET /bills')).data;
export const billsQuery = () =>
  queryOptions({
    queryKey: ['bills', 'list'],
    queryFn: getBills,
    staleTime: 0,
    // A bill whose card payment the gateway has not answered (Unknown) updates by itself.
    refetchInterval: (q) => (q.state.data?.bills.some((b) => b.status === 'unknown') ? 5000 : false),
  });
export const useBills = () => useQuery(billsQuery());

export const getBill = async (id: string) => (await call('GET /bills/:id', { params: { id } })).data;
export const billQuery = (id: string) =>
  queryOptions({
    queryKey: ['bills', 'detail', id],
    queryFn: () => getBill(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'unknown' ? 5000 : false),
  });
export const useBill = (id: string | undefined) => useQuery({ ...billQuery(id ?? ''), enabled: Boolean(id) });

/** Downloads a bill's PDF invoice. */
export const useDownloadBill = () =>
  useMutation({
    mutationFn: async (bill: { id: string; number: string }) => {
      const { blob, name } = await fetchFile(
        'GET /bills/:id/pdf',
        { params: { id: bill.id } },
        'application/pdf',
        `bill-${bill.number}.pdf`,
      );
      saveFile(blob, name);
    },
  });

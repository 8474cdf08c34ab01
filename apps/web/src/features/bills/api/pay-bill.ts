import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Pays what is left on a bill with the saved card; answers the payment, settled or in flight. */
export const usePayByCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (billId: string) =>
      (await call('POST /bills/:id/pay', { params: { id: billId }, body: { method: 'card' } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['bills'] }),
  });
};

/** A fresh PayNow QR for a bill. */
export const usePayNowQr = () =>
  useMutation({
    mutationFn: async (billId: string) =>
      (await call('POST /bills/:id/paynow', { params: { id: billId } })).data,
  });

/** The customer paid by PayNow: the bill becomes Payment pending. */
export const usePayNowSent = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (billId: string) =>
      (await call('POST /bills/:id/paynow/sent', { params: { id: billId } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['bills'] }),
  });
};

/** "I haven't paid yet": the PayNow claim is taken back and the bill is Due Now again. */
export const usePayNowWithdraw = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (billId: string) =>
      (await call('POST /bills/:id/paynow/withdraw', { params: { id: billId } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['bills'] }),
  });
};

const getPayment = async (id: string) => (await call('GET /bills/payments/:id', { params: { id } })).data;
/** A payment's outcome, asked again every few seconds while the gateway has not answered. */
export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: ['bills', 'payment', id],
    queryFn: () => getPayment(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });
export const usePayment = (id: string) => useQuery({ ...paymentQuery(id), enabled: Boolean(id) });

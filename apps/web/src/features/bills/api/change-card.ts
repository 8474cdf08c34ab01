import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Sends the customer to the gateway's card page; they come back to /bills with its session id. */
export const useStartCardChange = () =>
  useMutation({
    mutationFn: async () => {
      const { data } = await call('POST /bills/card');
      window.location.assign(data.redirectUrl);
    },
  });

/** Keeps the card of the page the customer came back from. */
export const useCompleteCardChange = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => call('POST /bills/card/complete', { body: { sessionId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['bills'] }),
  });
};

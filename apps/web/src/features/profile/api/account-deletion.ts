import type { AccountDeletionView } from '@selfcare/domain/contracts/account-deletion';
import type { AccountDeletionRequestInput } from '@selfcare/domain/schemas/account-deletion';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['profile', 'deletion-request'];

/** The customer's open request to close the account, or why they cannot ask now. */
export const useDeletionRequest = (enabled = true) =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /account/deletion-request')).data,
    staleTime: 0,
    enabled,
  });

/** Each answer is the view as it now stands: it replaces the one held. */
function useDeletionChange<I>(send: (input: I) => Promise<{ data: AccountDeletionView; message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: ({ data }) => client.setQueryData(KEY, data) });
}

/** Asks to close the account and delete its data, with the password. */
export const useRequestDeletion = () =>
  useDeletionChange((input: AccountDeletionRequestInput) =>
    call('POST /account/deletion-request', { body: input }),
  );

/** Withdraws the open request. */
export const useWithdrawDeletion = () =>
  useDeletionChange((id: string) => call('DELETE /account/deletion-request/:id', { params: { id } }));

import type {
  ChangeEmailInput,
  ChangePasswordInput,
  ProfileEditInput,
} from '@selfcare/domain/schemas/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['profile'];

export const useProfile = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /profile')).data,
    staleTime: 0,
  });

/** Saves what the customer may change; the answer is the profile as kept. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileEditInput) => call('PUT /profile', { body: input }),
    onSuccess: ({ data }) => client.setQueryData(KEY, data),
  });
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => call('PUT /auth/password', { body: input }) });

/** Asks for a new email address; it changes when the link sent to it is opened. */
export const useChangeEmail = () =>
  useMutation({ mutationFn: (input: ChangeEmailInput) => call('PUT /auth/email', { body: input }) });

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['passkeys'];

/** The signed-in customer's passkeys, newest first (ADR 0059). */
export const usePasskeys = () =>
  useQuery({ queryKey: KEY, queryFn: async () => (await call('GET /auth/passkeys')).data });

/**
 * Makes a passkey on this device for the account: the API's options, the device's new credential
 * (after the customer's fingerprint, face or screen lock), kept by the API. WebAuthn's code is
 * fetched when the customer asks. Rejects as the browser or the API refused.
 */
async function addPasskey() {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const begun = await call('POST /auth/passkeys/options');
  const credential = await startRegistration({
    optionsJSON: begun.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return call('POST /auth/passkeys', { body: { ceremony: begun.data.ceremony, credential } });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /auth/passkeys/:id', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

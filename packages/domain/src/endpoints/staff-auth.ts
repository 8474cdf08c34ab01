import { z } from 'zod';
import { passkeyCeremonySchema, passkeySchema } from '../contracts/passkeys.ts';
import { staffSessionSchema, staffUserSchema } from '../contracts/staff.ts';
import { staffLoginSchema, staffPasskeyLoginSchema } from '../fulfilment.ts';
import { addPasskeySchema } from '../schemas/passkeys.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/staff/staff-auth.routes.ts. */
export const staffAuthEndpoints = {
  'POST /staff/auth/login': {
    summary:
      'Sign in with the password and a second factor: the authenticator code, or a passkey answering a sign-in ceremony',
    body: z.union([staffLoginSchema, staffPasskeyLoginSchema]),
    response: staffSessionSchema,
  },
  'POST /staff/auth/passkeys/sign-in/options': {
    summary: 'Begin a staff sign-in with a passkey: a challenge for any passkey the device holds',
    response: passkeyCeremonySchema,
  },
  'GET /staff/auth/passkeys': {
    summary: 'The signed-in staff member’s passkeys, newest first',
    response: z.array(passkeySchema),
  },
  'POST /staff/auth/passkeys/options': {
    summary: 'Begin adding a passkey (within 10 minutes of signing in): the options for the device',
    response: passkeyCeremonySchema,
  },
  'POST /staff/auth/passkeys': {
    summary: 'Add the passkey the device made for the ceremony; recorded in the audit log',
    body: addPasskeySchema,
    response: passkeySchema,
    status: 201,
  },
  'DELETE /staff/auth/passkeys/:id': {
    summary: 'Remove one of the signed-in staff member’s passkeys; the authenticator code still works',
    params: z.object({ id: z.uuid('Passkey is invalid') }),
    response: z.null(),
  },
  'POST /staff/auth/refresh': {
    response: staffSessionSchema,
  },
  'POST /staff/auth/logout': {
    response: z.null(),
  },
  'GET /staff/auth/me': {
    response: staffUserSchema,
  },
} as const satisfies Record<string, Endpoint>;

import { z } from 'zod';
import { authUserSchema, resetTokenCheckSchema, sessionResponseSchema } from '../contracts/auth.ts';
import { passkeyCeremonySchema, passkeySchema } from '../contracts/passkeys.ts';
import { loginByKycSchema } from '../fulfilment.ts';
import {
  forgotPasswordSchema,
  loginSchema,
  otpRequestSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from '../index.ts';
import { LOCALES } from '../locales.ts';
import { Messages } from '../messages.ts';
import { addPasskeySchema, passkeySignInSchema } from '../schemas/passkeys.ts';
import { changeEmailSchema, changePasswordSchema } from '../schemas/profile.ts';
import { logoutSchema } from '../schemas/push.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/auth/auth.routes.ts. */
export const authEndpoints = {
  'POST /auth/register': {
    body: registerSchema,
    response: z.null(),
    status: 201,
  },
  'POST /auth/activeAccount/': {
    summary:
      "Confirm an email address from its /confirmEmail link: a new account's, or the new address a customer asked to change to",
    body: tokenSchema,
    response: z.null(),
  },
  'POST /auth/resendEmail': {
    response: z.null(),
  },
  'POST /auth/login': {
    body: loginSchema,
    response: sessionResponseSchema,
  },
  'POST /auth/loginByKyc': {
    summary: 'Sign in with Singpass for online activation: the person must be the one on the order',
    body: loginByKycSchema,
    response: sessionResponseSchema,
  },
  'POST /auth/getOTPLogin': {
    body: otpRequestSchema,
    response: z.null(),
  },
  'POST /auth/forgotPassword': {
    body: forgotPasswordSchema,
    response: z.null(),
  },
  'POST /auth/verify-password-reset-token': {
    body: tokenSchema,
    response: resetTokenCheckSchema,
  },
  'POST /auth/resetPassword': {
    body: resetPasswordSchema,
    response: z.null(),
  },
  'POST /auth/refreshToken': {
    response: sessionResponseSchema,
  },
  'PUT /auth/password': {
    summary: "Change the signed-in customer's password, after the current one; their other sessions end",
    body: changePasswordSchema,
    response: z.null(),
  },
  'PUT /auth/email': {
    summary:
      "Ask to change the signed-in customer's email address, after the current password; it changes when the link sent to the new address is opened",
    body: changeEmailSchema,
    response: z.null(),
  },
  'PUT /auth/language': {
    summary:
      'Keep the language the signed-in customer chose (en, zh, ms or ta): the portal speaks it, and emails and SMS to them are written in it',
    body: z.object({ language: z.enum(LOCALES, { error: Messages.invalid('Language') }) }),
    response: authUserSchema,
  },
  'POST /auth/passkeys/sign-in/options': {
    summary:
      'Begin signing in with a passkey: a challenge any of the portal’s passkeys on the device may sign',
    response: passkeyCeremonySchema,
  },
  'POST /auth/passkeys/sign-in': {
    summary: 'Sign in with a passkey: the signature of the challenge, by a passkey an account has',
    body: passkeySignInSchema,
    response: sessionResponseSchema,
  },
  'GET /auth/passkeys': {
    summary: "The signed-in customer's passkeys, newest first",
    response: z.array(passkeySchema),
  },
  'POST /auth/passkeys/options': {
    summary:
      'Begin adding a passkey to the signed-in customer’s account (within 10 minutes of signing in): the options for the device',
    response: passkeyCeremonySchema,
  },
  'POST /auth/passkeys': {
    summary: 'Add the passkey the device made for the ceremony; the customer is told by email and SMS',
    body: addPasskeySchema,
    response: passkeySchema,
    status: 201,
  },
  'DELETE /auth/passkeys/:id': {
    summary: 'Remove one of the signed-in customer’s passkeys; the password and one-time codes still work',
    params: z.object({ id: z.uuid('Passkey is invalid') }),
    response: z.null(),
  },
  'POST /auth/logout': {
    summary:
      'End this session; a browser that shows the account’s notifications names its endpoint, and stops showing them',
    body: logoutSchema,
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;

import { z } from 'zod';
import { authUserSchema, resetTokenCheckSchema, sessionResponseSchema } from '../contracts/auth.ts';
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
import { changeEmailSchema, changePasswordSchema } from '../schemas/profile.ts';
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
  'POST /auth/logout': {
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;

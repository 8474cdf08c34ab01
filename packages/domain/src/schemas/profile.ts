import * as z from 'zod/mini';
import { PROFILE_TITLES } from '../enums.ts';
import { Messages } from '../messages.ts';
import { emailField, newPasswordField, sameAs, sgMobileField, text } from './fields.ts';

const consent = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });

/**
 * PUT /api/v1/profile: what the customer edits on /profile/myProfile (ADR 0026). Names, date of
 * birth, ID and pass are the identity staff or MyInfo verified and are not here; the employer is
 * kept as it was when MyInfo verified it.
 */
export const profileEditSchema = z.object({
  salutation: z.enum(PROFILE_TITLES, { error: Messages.required('Salutation') }),
  contactNumber: sgMobileField('Contact number'),
  employer: z.optional(
    z.nullable(text('Employer').check(z.trim(), z.maxLength(200, Messages.invalid('Employer')))),
  ),
  marketing: z.object({ provider: consent, thirdParty: consent }),
});
export type ProfileEditInput = z.input<typeof profileEditSchema>;

/** PUT /api/v1/profile/password: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: text('Current password').check(z.minLength(1, Messages.required('Current password'))),
    password: newPasswordField('New password'),
    confirmPassword: text('Confirm Password'),
  })
  .check(sameAs('password', 'confirmPassword', Messages.passwordMismatch));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * PUT /api/v1/auth/email: a new email address, typed twice, asked for with the current password. It
 * replaces the login's address only once the link sent to it is opened (ADR 0026).
 */
export const changeEmailSchema = z
  .object({
    email: emailField('New email address'),
    confirmEmail: text('Re-enter Email Address').check(z.trim()),
    currentPassword: text('Current password').check(z.minLength(1, Messages.required('Current password'))),
  })
  .check(sameAs('email', 'confirmEmail', Messages.confirmEmailMismatch, (v) => v.trim().toLowerCase()));
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const ProfileMessages = {
  updated: 'Update Profile successfully.',
  passwordChanged: 'Change password successfully!',
  passwordIncorrect: 'Password incorrect. Please Re-enter.',
  noProfile: 'Your profile is made when you place your first order.',
  emailTaken: Messages.emailTaken,
  sameEmail: 'This is already your email address.',
  emailChangeSent: (email: string) =>
    `We have sent a confirmation link to ${email}. Open it to start using the new address; until then, log in with your current one.`,
  emailChanged: (email: string) =>
    `Your new email address ${email} is confirmed. Please log in with it from now on.`,
} as const;

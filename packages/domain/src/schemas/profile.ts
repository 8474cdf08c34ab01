import * as z from 'zod/mini';
import { PROFILE_TITLES } from '../enums.ts';
import { Messages } from '../messages.ts';
import { newPasswordField, sameAs, sgMobileField, text } from './fields.ts';

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

export const ProfileMessages = {
  updated: 'Update Profile successfully.',
  passwordChanged: 'Change password successfully!',
  passwordIncorrect: 'Password incorrect. Please Re-enter.',
  noProfile: 'Your profile is made when you place your first order.',
} as const;

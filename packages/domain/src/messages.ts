/** User-facing texts quoted by SPEC.md. Use these constants; never retype the words. */
export const Messages = {
  required: (field: string) => `${field} is required`,
  invalid: (field: string) => `${field} is invalid`,
  otpLength: (n: number) => `OTP code must be ${n} characters long`,
  otpComplete: (n: number) => `Complete typing the ${n}-digit OTP`,
  // The generic one (SPEC.md section 5) for a code outside login: the CIS company email's (ADR 0035).
  invalidOtp: 'Invalid OTP',
  onlyNumbers: 'Only allowed to enter numbers',
  completeMeNumber: 'Please complete typing your Me number',
  completeNumber: 'Please complete typing your number',

  invalidLogin: 'You have entered an invalid email address or password',
  otpIncorrect: 'The OTP is incorrect.',
  confirmPasswordMismatch: 'Confirm Password does not match.',
  confirmEmailMismatch: 'Re-enter Email Address does not match.',
  passwordRule:
    'Password must contain at least 1 uppercase, 1 lowercase, 1 numeric and 1 special character from !@#$&*',
  passwordMismatch: 'Password does not match.',
  emailTaken: 'The email has already been registered',
  phoneTaken: 'The phone number has already been registered',
  idTaken: 'The ID number has already been registered',

  registered: 'You have successfully registered. Please confirm email to complete the registration process.',
  resetRequested: 'You have requested a successful password reset...',
  passwordChanged: 'Change password successfully!',
  otpSentSms: 'We have sent the code to your phone number.',
  otpSentEmail: 'We have sent the code to your email address.',
  invalidLink: 'This is an invalid link or the link has already expired.',
  verificationFailed: 'Verification failed.',
  linkExpired: 'The link has expired. Please reload',
  emailConfirmed: 'Your email address is confirmed. You can now log in.',
  emailAlreadyConfirmed: 'Your email address is already confirmed.',
  confirmationResent: 'We have sent a new confirmation link to your email address.',
  loggedOut: 'You have logged out.',
  dataAdded: 'Add new data successfully.',
  dataUpdated: 'Data updated successfully',

  noAccessTitle: 'No access to this page.',
  noAccessText: 'You do not have the necessary permissions to access this page.',
  somethingWrong: 'Something went wrong.',
  imageFailed: 'This image failed to load',
  requestFailed: 'Request Failed',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have the necessary permissions to access this page.',
  notFound: 'The record was not found.',
  serverError: 'Something went wrong on our side. Please try again later.',
  serviceBusy: 'The service is busy. Please try again in a moment.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  commonPassword: 'This password is too common. Please choose another.',
} as const;

/**
 * What the API answers a request it cannot read, in the envelope's message: the spec quotes none of
 * them, and the pages show them as the API wrote them, in the reader's language.
 */
export const RequestMessages = {
  invalid: 'The request is invalid',
  urlInvalid: 'The address is not valid.',
  uploadIncomplete: 'The upload was incomplete. Please try again.',
  unstorableText: 'The request contains characters that cannot be stored.',
  /** An API address that names nothing (a client of another release, a typo). */
  noRoute: (method: string, path: string) => `Route ${method} ${path} not found`,
} as const;

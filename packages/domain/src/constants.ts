/** Limits and timings of SPEC.md section 9 and the session rules of the foundation. */
export const TOAST_DURATION_MS = 5000;
export const PROGRESS_TICK_MS = 200;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const MINIMUM_AGE = 18;
export const PASS_VALIDITY_MONTHS = 6;
export const LIMIT_SUBLINE = 9;
/** The most postpaid lines the law lets one person hold across operators (since 2026): we count ours. */
export const LINES_PER_PERSON = 10;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_ABSOLUTE_TTL_SECONDS = 12 * 60 * 60;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const EMAIL_CONFIRM_TTL_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
/** The link that confirms a new email address for an account (ADR 0026). */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

/** Free eSIM profile installations per line (the first and each re-issue); one profile works at a time. */
export const ESIM_FREE_INSTALLS = 3;
/**
 * Days after ordering within which a SIM must be activated, or the admin fee is charged (as on a
 * cancelled order). The fee itself is configuration: `Fees.adminCents`.
 */
export const ADMIN_FEE_DAYS = 14;
/**
 * How long an unpaid order waits for its payment after its last checkout or declined payment: as long
 * as the gateway's card page lives. Past it, with no payment on its way, the order is closed as
 * 'Unsuccessful payment' and what it held is given back (ADR 0037).
 */
export const PAYMENT_WINDOW_MINUTES = 60;

/** Enumerations of SPEC.md section 3 and 4, with the numeric codes the API and storage use. */

export const ProfileType = { Individual: 0, Corporate: 1 } as const;
export type ProfileType = (typeof ProfileType)[keyof typeof ProfileType];

export const IdentificationType = { NRIC: 1, FIN: 2 } as const;
export type IdentificationType = (typeof IdentificationType)[keyof typeof IdentificationType];

export const PROFILE_TITLES = ['Mr.', 'Ms.', 'Mrs.'] as const;
export type ProfileTitle = (typeof PROFILE_TITLES)[number];

export const OtpMethod = { Email: 0, SMS: 1 } as const;
export type OtpMethod = (typeof OtpMethod)[keyof typeof OtpMethod];

export const TypeSim = { Physical: 0, ESim: 1 } as const;
export type TypeSim = (typeof TypeSim)[keyof typeof TypeSim];

export const DeliveryMethod = {
  HomeDelivery: 0,
  PostalMail: 1,
  ESimIdVerification: 2,
  Other: 3,
  SelfCollection: 4,
} as const;
export type DeliveryMethod = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];

/**
 * Customer status carried in the session user. The spec names the redirects each one causes
 * (section 4); the names here say what the operator means by them.
 */
export const CustomerStatus = {
  /** Registered, no order yet: the order wizard. */
  New: 0,
  /** Ordered, waiting for fulfilment. */
  Ordered: 1,
  /** Main line active. */
  Active: 2,
  /** Staff asked for identity documents. */
  DocumentsRequested: 3,
} as const;
export type CustomerStatus = (typeof CustomerStatus)[keyof typeof CustomerStatus];

/** The customer's own order, or an 'Us' line an active customer added to their account (ADR 0031). */
export const ORDER_KINDS = ['order', 'sub-line'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = [
  'Not verified',
  'Verified',
  'Delivery in progress',
  'Delivery completed',
  'Delivery failed',
  'Completed',
  'Rejected',
  'Cancelled',
  'Unsuccessful payment',
  'Payment success not in MVNE',
  'Payment failed',
  'Payment success created in MVNE',
  'Unpaid',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PORTING_STATUSES = [
  'pending',
  'submitted',
  'in progress',
  'canceled',
  'failed',
  'success',
  'unsuccess',
] as const;
export type PortingStatus = (typeof PORTING_STATUSES)[number];

export const SERVICE_STATUSES = ['Active', 'Suspension', 'Unsuspension'] as const;

/** Staff roles, least to most trusted: each may do what the ones before it may. */
export const STAFF_ROLES = ['agent', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

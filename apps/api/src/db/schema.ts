import { ORDER_STATUSES, PORTING_STATUSES, STAFF_ROLES } from '@selfcare/domain';
import { LINE_STATES, SIM_STATES } from '@selfcare/domain/fulfilment';
import { DOCUMENT_SIDES, PLAN_GROUPS } from '@selfcare/domain/order';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    status: smallint('status').notNull().default(0),
    activated: boolean('activated').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    isMainLine: boolean('is_main_line').notNull().default(true),
    mainUserId: uuid('main_user_id'),
    type: smallint('type').notNull().default(0),
    enable: boolean('enable').notNull().default(false),
    isMnp: boolean('is_mnp').notNull().default(false),
    cisTypes: text('cis_types').array().notNull().default(sql`'{}'::text[]`),
    roadshow: boolean('roadshow').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    index('users_main_user_id_idx').on(t.mainUserId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
    /**
     * The hash of the token that replaced this one. A refresh racing another with the same token
     * (two tabs) within the grace window is given that same successor instead of revoking the session.
     */
    replacedByHash: text('replaced_by_hash'),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Single-use tokens sent in links: email confirmation and password reset. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('action_tokens_token_hash_key').on(t.tokenHash),
    index('action_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    channel: smallint('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('otp_codes_phone_created_idx').on(t.phoneNumber, t.createdAt)],
);

/** Events counted by the throttle: failed logins, code sends, resends. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('throttle_events_key_created_idx').on(t.key, t.createdAt)],
);

/**
 * The operator's staff: separate from customers, never able to use a customer login and vice versa.
 * Every staff login needs the password and a TOTP code from the authenticator holding `totp_secret`.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is good once, however fast it is replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: ts('disabled_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(t.email),
    check('staff_users_role_check', sql`${t.role} IN ('agent', 'supervisor', 'admin')`),
  ],
);

/** Staff sessions: shorter than customers' (STAFF_SESSION_TTL), refreshed by rotating tokens like theirs. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_id_idx').on(t.staffId)],
);

export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
    /** As `refresh_tokens.replaced_by_hash`. */
    replacedByHash: text('replaced_by_hash'),
  },
  (t) => [index('staff_refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * Everything staff do: who, when, what, to which order or SIM, and why. Append-only: a trigger
 * refuses UPDATE and DELETE, so not even the application can rewrite it.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    action: text('action').notNull(),
    orderId: uuid('order_id'),
    subject: text('subject'),
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('staff_audit_log_order_idx').on(t.orderId, t.id), index('staff_audit_log_at_idx').on(t.at)],
);

/** Companies in the corporate individual scheme: their employees may take the company's CIS plans. */
export const cisCompanies = pgTable('cis_companies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  emailDomains: text('email_domains').array().notNull(),
  /** The company's registered names as MyInfo reports a person's employer (upper case). */
  employerNames: text('employer_names').array().notNull().default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
});

/**
 * A CIS check by company email: the code sent to `email`, stored hashed, for the company whose domain
 * it has. Verified once; five wrong codes void it.
 */
export const cisChecks = pgTable(
  'cis_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    companyCode: text('company_code')
      .notNull()
      .references(() => cisCompanies.code),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
  },
  (t) => [index('cis_checks_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A MyInfo authorisation in flight. The state sent to MyInfo carries a nonce stored here hashed, so
 * that only the customer who started it can use the code that comes back, and only once.
 */
export const myinfoRequests = pgTable(
  'myinfo_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer who asked; null for a Singpass login (loginByKyc), which starts signed out. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nonceHash: text('nonce_hash').notNull(),
    ref: text('ref').notNull(),
    /**
     * SHA-256 of a random value kept in an HttpOnly cookie of the browser that started the round
     * trip: a code and state carried to another browser cannot be redeemed there.
     */
    browserHash: text('browser_hash'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('myinfo_requests_nonce_hash_key').on(t.nonceHash)],
);

/** What customers buy. Prices in cents including GST; null allowances mean unlimited. */
export const plans = pgTable(
  'plans',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    planGroup: text('plan_group', { enum: PLAN_GROUPS }).notNull(),
    companyCode: text('company_code').references(() => cisCompanies.code),
    monthlyCents: integer('monthly_cents').notNull(),
    dataGb: integer('data_gb'),
    talkMinutes: integer('talk_minutes'),
    sms: integer('sms'),
    roamingGb: integer('roaming_gb').notNull().default(0),
    description: text('description').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('plans_group_check', sql`${t.planGroup} IN ('consumer', 'cis')`),
    check('plans_cis_company_check', sql`(${t.planGroup} = 'cis') = (${t.companyCode} IS NOT NULL)`),
    check('plans_price_check', sql`${t.monthlyCents} >= 0`),
  ],
);

export const addons = pgTable(
  'addons',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
    description: text('description').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('addons_price_check', sql`${t.monthlyCents} >= 0`)],
);

/** Promotion codes: a percentage or an amount off the first month of plans and add-ons. */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('promotion_codes_kind_check', sql`(${t.percentOff} IS NULL) <> (${t.amountOffCents} IS NULL)`),
    check('promotion_codes_percent_check', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check('promotion_codes_amount_check', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
  ],
);

/**
 * The order a customer is putting together, one per customer, so that a refresh or a return the
 * next day resumes it. `data` holds each completed step as its shared schema parsed it.
 */
export const orderDrafts = pgTable('order_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  mvneReservationId: text('mvne_reservation_id'),
  reservedNumbers: text('reserved_numbers').array().notNull().default(sql`'{}'::text[]`),
  reservedUntil: ts('reserved_until'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Identity documents customers upload. The file lives under DATA_DIR/documents (never a public path)
 * by its id; only its owner and staff can read it.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side', { enum: DOCUMENT_SIDES }).notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('documents_user_id_idx').on(t.userId)],
);

/** Who the customer is, as they gave it (or MyInfo verified it) when they ordered. */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    salutation: text('salutation').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    fullName: text('full_name').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    contactNumber: text('contact_number').notNull(),
    idType: smallint('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    idIssueDate: text('id_issue_date').notNull(),
    idExpiryDate: text('id_expiry_date'),
    passType: text('pass_type'),
    passStatus: text('pass_status'),
    passExpiry: text('pass_expiry'),
    employer: text('employer'),
    marketing: jsonb('marketing').notNull(),
    myinfoVerified: text('myinfo_verified').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('customer_profiles_id_number_key').on(t.idNumber)],
);

/** Order numbers customers read and quote: SC100001, SC100002, ... */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

/** A placed order. `status` takes the spec's order statuses exactly; `quote` is the summary as charged. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    roadshow: boolean('roadshow').notNull(),
    typeSim: smallint('type_sim').notNull(),
    deliveryMethod: smallint('delivery_method'),
    deliveryDate: text('delivery_date'),
    deliveryAddress: jsonb('delivery_address'),
    billingAddress: jsonb('billing_address').notNull(),
    profile: jsonb('profile').notNull(),
    promotionCode: text('promotion_code'),
    quote: jsonb('quote').notNull(),
    totalCents: integer('total_cents').notNull(),
    dueNowCents: integer('due_now_cents').notNull(),
    mvneReservationId: text('mvne_reservation_id'),
    mvneOrderId: text('mvne_order_id'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The staff queue's searches by ID number and by contact number.
    index('orders_id_number_idx').on(sql`upper(${t.profile}->>'idNumber')`),
    index('orders_contact_number_idx').on(sql`(${t.profile}->>'contactNumber')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    addonCodes: text('addon_codes').array().notNull(),
    numberType: text('number_type', { enum: ['NORMAL', 'RETAIN'] }).notNull(),
    msisdn: text('msisdn').notNull(),
    donorNetwork: smallint('donor_network'),
    /** The physical SIM sent for this line (set by 'Create delivery order'). */
    iccid: text('iccid'),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
    index('order_lines_msisdn_idx').on(t.msisdn),
  ],
);

/** The order's timeline: every change, in order, for the customer's and the staff's view. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    type: text('type').notNull(),
    detail: text('detail').notNull().default(''),
    /** The staff member who did it; null for the customer's own steps and the system's. */
    staffId: uuid('staff_id').references(() => staffUsers.id),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Cards on file: the gateway's token and what may be shown; never the card number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    funding: text('funding').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_token_key').on(t.gatewayToken),
  ],
);

/**
 * One try at paying for an order. Its id is the charge's idempotency key, recorded before the
 * gateway is called, so a retry or a crash can never charge twice.
 */
export const PAYMENT_ATTEMPT_STATES = ['pending', 'succeeded', 'failed', 'void'] as const;

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** `void`: replaced by a newer attempt for the same order before it was paid. */
    status: text('status', { enum: PAYMENT_ATTEMPT_STATES }).notNull(),
    gatewaySessionId: text('gateway_session_id'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    gatewayChargeId: text('gateway_charge_id'),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId),
    // One live attempt per order: paying twice for one order needs two live attempts.
    uniqueIndex('payment_attempts_live_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Gateway events already handled: a replayed delivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});

/**
 * Money given back: for a rejected or cancelled order, or for a charge that came in when the order
 * was already paid (a second card, a replaced attempt). At most one per charged attempt (the unique
 * index makes "refunds exactly once" a database fact). Its id is the gateway's idempotency key.
 */
export const REFUND_REASONS = ['order-ended', 'duplicate-payment'] as const;

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull().default('order-ended'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('refunds_attempt_key').on(t.attemptId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** A stock file staff loaded: how many SIMs it added and how many lines it refused. */
export const simBatches = pgTable('sim_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  importedBy: uuid('imported_by')
    .notNull()
    .references(() => staffUsers.id),
  added: integer('added').notNull(),
  rejected: integer('rejected').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Physical SIM stock. A SIM is assigned to one order line at a time, and activated once. */
export const simCards = pgTable(
  'sim_cards',
  {
    iccid: text('iccid').primaryKey(),
    imsi: text('imsi').notNull(),
    pin: text('pin').notNull(),
    puk: text('puk').notNull(),
    state: text('state', { enum: SIM_STATES }).notNull().default('available'),
    batchId: uuid('batch_id').references(() => simBatches.id),
    orderLineId: uuid('order_line_id').references(() => orderLines.id),
    stateReason: text('state_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('sim_cards_imsi_key').on(t.imsi),
    index('sim_cards_state_idx').on(t.state, t.iccid),
    uniqueIndex('sim_cards_order_line_key').on(t.orderLineId),
    check('sim_cards_state_check', sql`${t.state} IN ('available', 'assigned', 'active', 'lost', 'retired')`),
  ],
);

/** A delivery order: the parcel for an order's SIMs, how and when it goes, and how it went. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    deliveryMethod: smallint('delivery_method').notNull(),
    deliveryDate: text('delivery_date').notNull(),
    trackingCode: text('tracking_code').notNull(),
    status: text('status', { enum: ['in-progress', 'delivered', 'failed'] }).notNull(),
    iccids: text('iccids').array().notNull(),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('deliveries_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A customer's mobile line in service (or being activated): one per order line. The main line is
 * 'Me'; others are 'Us' lines, each with its own login (`lineUserId`) that sees only the dashboard.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    msisdn: text('msisdn').notNull(),
    typeSim: smallint('type_sim').notNull(),
    iccid: text('iccid'),
    imsi: text('imsi'),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    isMainLine: boolean('is_main_line').notNull(),
    lineUserId: uuid('line_user_id').references(() => users.id),
    state: text('state', { enum: LINE_STATES }).notNull(),
    mvneServiceId: text('mvne_service_id'),
    /** The number the MVNE lent a port-in line until its own number comes over; null once ported. */
    temporaryMsisdn: text('temporary_msisdn'),
    requestedAt: ts('requested_at').notNull(),
    activatedAt: ts('activated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_order_line_key').on(t.orderLineId),
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_live_msisdn_key').on(t.msisdn).where(sql`${t.state} <> 'terminated'`),
    check(
      'subscriptions_state_check',
      sql`${t.state} IN ('activating', 'active', 'suspended', 'terminated')`,
    ),
  ],
);

/** MVNE events already handled: a replayed delivery changes nothing. */
export const mvneEvents = pgTable('mvne_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});

export const ESIM_PROFILE_STATES = ['released', 'installed', 'disabled'] as const;

/**
 * eSIM profiles issued for a line, one row per issue (the first and each re-issue), so the count of
 * free installations is a count of rows. At most one profile per line is not disabled.
 */
export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issue: smallint('issue').notNull(),
    mvneProfileId: text('mvne_profile_id'),
    iccid: text('iccid'),
    activationCode: text('activation_code'),
    state: text('state', { enum: ESIM_PROFILE_STATES }),
    deviceEid: text('device_eid'),
    requestedAt: ts('requested_at').notNull(),
    issuedAt: ts('issued_at'),
    disabledAt: ts('disabled_at'),
  },
  (t) => [
    uniqueIndex('esim_profiles_issue_key').on(t.subscriptionId, t.issue),
    uniqueIndex('esim_profiles_live_key').on(t.subscriptionId).where(sql`${t.disabledAt} IS NULL`),
    index('esim_profiles_user_idx').on(t.userId),
  ],
);

/** A port-in (MNP) request: a line of an order that keeps the customer's number from another network. */
export const portRequests = pgTable(
  'port_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    msisdn: text('msisdn').notNull(),
    donorNetwork: smallint('donor_network').notNull(),
    /** The ID number the number is registered to with the donor network. */
    donorIdNumber: text('donor_id_number').notNull(),
    status: text('status', { enum: PORTING_STATUSES }).notNull(),
    /** Why the donor refused (a DONOR_REFUSALS key), while the request is 'unsuccess' or 'failed'. */
    refusal: text('refusal'),
    mvnePortId: text('mvne_port_id'),
    windowStart: ts('window_start'),
    windowEnd: ts('window_end'),
    submittedAt: ts('submitted_at'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('port_requests_order_line_key').on(t.orderLineId),
    index('port_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Charges for the customer's first (or next) bill that are not part of a plan: the admin fee for a
 * SIM not activated within 14 days, or an order cancelled. One of each kind per order.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['admin-fee'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull(),
    billedAt: ts('billed_at'),
  },
  (t) => [
    uniqueIndex('charges_order_kind_key').on(t.orderId, t.kind),
    index('charges_user_idx').on(t.userId),
  ],
);

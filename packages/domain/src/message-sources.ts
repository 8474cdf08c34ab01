import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountDeletionMessages } from './account-deletion.ts';
import { BILL_STATUS_LABELS, BillMessages } from './billing.ts';
import { ChargeMessages } from './charges.ts';
import { ORDER_KINDS, ORDER_STATUSES, SERVICE_STATUSES } from './enums.ts';
import { LINE_STATUS_LABELS } from './fulfilment/lines.ts';
import { DELIVERY_METHOD_LABELS, FulfilmentMessages } from './fulfilment/messages.ts';
import { ORDER_EVENT_LABELS, OrderEventDetails } from './fulfilment/order-events.ts';
import { DONOR_REFUSALS, PortMessages } from './fulfilment/porting.ts';
import {
  LineServiceMessages,
  NumberChangeMessages,
  SUSPENSION_REASON_LABELS,
  TerminationMessages,
} from './line-services.ts';
import { LostSimMessages, REPLACEMENT_STATE_LABELS } from './lost-sim.ts';
import { Messages, RequestMessages } from './messages.ts';
import { customerOrderStatus, OrderOutcomeMessages, SUB_LINE_PAYMENT } from './order-status.ts';
import { OrderMessages } from './ordering/messages.ts';
import { QuoteMessages } from './ordering/quote.ts';
import { ProductMessages } from './products.ts';
import { PasskeyMessages } from './schemas/passkeys.ts';
import { ProfileMessages } from './schemas/profile.ts';
import { PushMessages } from './schemas/push.ts';
import { SubLineMessages } from './schemas/sub-line.ts';
import { UsageMessages } from './schemas/usage.ts';

/**
 * Every message the domain gives a customer to read, in English: the source the message catalogs
 * translate (message-texts.ts). Read by the catalogs' test and by `npm run messages`, never by the app.
 */
const SOURCES = {
  Messages,
  RequestMessages,
  OrderMessages,
  QuoteMessages,
  OrderOutcomeMessages,
  SubLineMessages,
  ProfileMessages,
  PasskeyMessages,
  PushMessages,
  UsageMessages,
  LineServiceMessages,
  TerminationMessages,
  NumberChangeMessages,
  LostSimMessages,
  AccountDeletionMessages,
  BillMessages,
  ChargeMessages,
  FulfilmentMessages,
  PortMessages,
  ProductMessages,
  DONOR_REFUSALS,
  BILL_STATUS_LABELS,
  LINE_STATUS_LABELS,
  SUSPENSION_REASON_LABELS,
  REPLACEMENT_STATE_LABELS,
  DELIVERY_METHOD_LABELS,
  ORDER_EVENT_LABELS,
  OrderEventDetails,
  SUB_LINE_PAYMENT,
};

/**
 * Messages made from values whose template cannot be read by calling them with the values' names
 * (they format a value, or choose their words by it): their templates, by where they are.
 */
const TEMPLATES: Record<string, readonly string[]> = {
  'Messages.tooManyAttempts': [
    'Too many attempts. Please try again in {minutes} minute.',
    'Too many attempts. Please try again in {minutes} minutes.',
  ],
  'OrderOutcomeMessages.title': [
    'Your order {orderNumber} was cancelled',
    'Your order {orderNumber} was closed: it was not paid in time',
    'Your order {orderNumber} was not approved',
  ],
  'LostSimMessages.terminationScheduled': [
    'This line is set to end on {day}. Cancel the termination first to replace its SIM.',
  ],
  'LostSimMessages.notNow': ["This cannot be done while the replacement is '{state}'."],
  'AccountDeletionMessages.blocked': ['The account cannot be closed yet. {reasons}'],
  'AccountDeletionMessages.waitLine': [
    'The line {msisdn} ends on {endsOn}.',
    'The line {msisdn} has no end scheduled.',
  ],
  'AccountDeletionMessages.waitFinalBill': ['The final bill, for {month}, is made on {day}.'],
  'AccountDeletionMessages.waitUnpaid': ['{amount} is unpaid on the bills.'],
  'ProductMessages.priceChanged': ['The price has changed to {price}. Please check it and confirm again.'],
  'FulfilmentMessages.notAllowedForRole': ['Only a {role} can do this.', 'Only an {role} can do this.'],
};

/** A function's parameter names, from its source ('(status, orderNumber) =>'). */
function parameters(fn: (...args: never[]) => unknown): string[] {
  const head = /^\s*(?:function\s*\w*\s*)?\(?([^)=]*)\)?\s*=>?/.exec(fn.toString())?.[1] ?? '';
  return head
    .split(',')
    .map((p) => p.trim().split(/[\s:=]/)[0] ?? '')
    .filter(Boolean);
}

function collect(node: unknown, path: string, out: Map<string, string>) {
  const add = (text: string) => out.has(text) || out.set(text, path);
  if (typeof node === 'string') add(node);
  else if (typeof node === 'function') {
    const fixed = TEMPLATES[path];
    if (fixed) for (const t of fixed) add(t);
    else add(String(node(...parameters(node as never).map((p) => `{${p}}`))));
  } else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) collect(value, `${path}.${key}`, out);
}

/**
 * Where the code names a field a message names: the domain's `required('First name')` and its kind,
 * the shared fields' helpers and their defaults, a message written whole ('Data rollover is
 * invalid'); the API's `Messages.required('File')`. Field names are capitalised; column names are not.
 */
const FIELD_NAMES: Record<string, RegExp[]> = {
  'packages/domain/src': [
    /\b(?:required|invalid|dateInFuture|dateInPast|text|emailField|sgMobileField|newPasswordField|isoDateField|day|requiredString\w*)\(\s*'([A-Z][^']*)'/g,
    /\bfield = '([A-Z][^']*)'/g,
    // A field's name before ' is invalid' (RequestMessages.invalid is a message of its own).
    /'(?!The request )([A-Z][^'{}]*) is (?:invalid|required)'/g,
  ],
  'apps/api/src': [/\bMessages\.(?:required|invalid)\(\s*'([A-Z][^']*)'/g],
};

/** The forms a visitor fills in before signing in: their field names come with the core. */
const SIGNED_OUT_FORMS = /schemas[\\/](auth|fields)\.ts$/;

/**
 * The field names the code writes into the messages, repository-wide: 'field:core' for those of the
 * forms before signing in, 'field' for the rest.
 */
function fieldNames(root: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [dir, patterns] of Object.entries(FIELD_NAMES)) {
    for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.includes('.test.')) continue;
      const text = readFileSync(join(root, dir, file), 'utf8');
      const kind = SIGNED_OUT_FORMS.test(`${dir}/${file}`) ? 'field:core' : 'field';
      for (const pattern of patterns)
        for (const m of text.matchAll(pattern))
          if (names.get(m[1] as string) !== 'field:core') names.set(m[1] as string, kind);
    }
  }
  return names;
}
/**
 * Every English message, template and field name the catalogs translate, each with where it comes
 * from ('Messages.required', 'field'). The core is what the pages before signing in may show: the
 * shared `Messages` and the names of those pages' fields; the rest comes with the signed-in pages.
 */
export function englishMessages(root: string): { core: Map<string, string>; rest: Map<string, string> } {
  const all = new Map<string, string>();
  for (const [name, kind] of fieldNames(root)) all.set(name, kind);
  for (const [name, source] of Object.entries(SOURCES)) collect(source, name, all);
  for (const status of ORDER_STATUSES)
    for (const kind of ORDER_KINDS) collect(customerOrderStatus(status, kind), 'customerOrderStatus', all);
  for (const status of SERVICE_STATUSES) collect(status, 'SERVICE_STATUSES', all);
  const core = new Map<string, string>();
  const rest = new Map<string, string>();
  for (const [text, from] of [...all].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/\p{L}/u.test(text)) continue;
    (from === 'field:core' || from.startsWith('Messages.') ? core : rest).set(text, from);
  }
  return { core, rest };
}

import { CustomerStatus, Messages } from '@selfcare/domain';
import type {
  AccountStep,
  DeliveryStep,
  MyinfoPrefill,
  NumberType,
  numberStepSchema,
  planStepSchema,
} from '@selfcare/domain/order';
import type * as z from 'zod/mini';
import { AppError } from '../../errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

export type PlanStep = z.output<typeof planStepSchema>;
export type NumberStep = z.output<typeof numberStepSchema>;

export interface StoredNumberLine {
  numberType: NumberType;
  msisdn: string;
  donorNetwork: number | null;
  confirmPostpaid?: boolean;
}

/** What the order wizard's steps saved so far, kept in the customer's draft row. */
export interface DraftData {
  plan?: PlanStep;
  numbers?: { lines: StoredNumberLine[] };
  /** `myinfoVerified` names the fields MyInfo verified, as they were locked when the step was saved. */
  account?: AccountStep & { myinfoVerified?: string[] };
  delivery?: DeliveryStep;
  myinfo?: MyinfoPrefill;
}

/** A draft with all four steps done: what checkout prices and records. */
export type CompleteDraft = Required<Pick<DraftData, 'plan' | 'numbers' | 'account' | 'delivery'>>;

/**
 * Only a customer without an order (status 0) orders through the wizard: the permission table lets
 * a status-2 customer open any page, but the web sends them away from /getStarted, and so does this.
 */
export function requireOrdering(me: CurrentUser) {
  if (me.status !== CustomerStatus.New) throw new AppError(403, Messages.forbidden);
}

import { Messages } from '@selfcare/domain';
import {
  FulfilmentMessages,
  roleFor,
  type StaffCapability,
  type StaffUser,
  staffMay,
} from '@selfcare/domain/fulfilment';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import { bearerToken } from './auth.ts';

/** A staff member as their open session knows them. */
export type CurrentStaff = StaffUser & { sessionId: string };

/** What the guard needs of staff sessions: the staff module's service provides it. */
export interface StaffSessions {
  authenticate(accessToken: string): Promise<CurrentStaff | null>;
  /** A customer's token at a staff endpoint is refused as forbidden, not as signed out. */
  isCustomerToken(accessToken: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentStaff: CurrentStaff | null;
  }
}

export function currentStaff(request: FastifyRequest): CurrentStaff {
  if (!request.currentStaff) throw new AppError(401, Messages.sessionExpired);
  return request.currentStaff;
}

/**
 * Pre-handler for staff endpoints: a staff token (a customer's gets 403: its audience differs)
 * whose session is open, and a role that may do `capability`.
 */
export function staffOnly(staffAuth: StaffSessions, capability: StaffCapability): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    const staff = token ? await staffAuth.authenticate(token) : null;
    if (!staff) {
      if (token && (await staffAuth.isCustomerToken(token))) throw new AppError(403, Messages.forbidden);
      throw new AppError(401, Messages.sessionExpired);
    }
    if (!staffMay(staff.role, capability))
      throw new AppError(403, FulfilmentMessages.notAllowedForRole(roleFor(capability)));
    request.currentStaff = staff;
  };
}

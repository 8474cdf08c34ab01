import { Messages } from '@selfcare/domain';
import { FulfilmentMessages, roleFor, type StaffCapability, staffMay } from '@selfcare/domain/fulfilment';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import type { CurrentStaff, StaffAuthService } from '../modules/staff/staff-auth.service.ts';
import { bearerToken } from './auth.ts';

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
export function staffOnly(
  staffAuth: StaffAuthService,
  capability: StaffCapability,
): preHandlerAsyncHookHandler {
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

import { formatMoney } from '@selfcare/domain';
import { StaffPermission } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import { StaffBillingMessages as M, type StaffBilling } from './staff-billing.ts';
import { type UnmatchedCredits, UnmatchedMessages } from './unmatched-credits.ts';

/** A customer's billing in the staff console under /api/v1/staff; each route checks the caller's role. */
export const staffBillingRoutes: FastifyPluginAsyncZod<{
  staffAuth: StaffSessions;
  staffBilling: StaffBilling;
  unmatched: UnmatchedCredits;
}> = async (app, { staffAuth, staffBilling, unmatched }) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /staff/customers/:id/billing',
    { preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling), schema: { tags, security } },
    async (request) => ok(await staffBilling.account(request.params.id)),
  );

  route(
    app,
    'POST /staff/charges/:id/waive',
    { preHandler: staffOnly(staffAuth, StaffPermission.WaiveCharges), schema: { tags, security } },
    async (request) =>
      ok(await staffBilling.waive(currentStaff(request), request.params.id, request.body.reason), M.waived),
  );

  route(
    app,
    'POST /staff/customers/:id/credits',
    { preHandler: staffOnly(staffAuth, StaffPermission.GiveCredits), schema: { tags, security } },
    async (request) => {
      const { amount, chargeId, reason, requestKey } = request.body;
      const done = await staffBilling.credit(currentStaff(request), request.params.id, {
        amountCents: amount,
        chargeId: chargeId || null,
        reason,
        requestKey,
      });
      return ok(done, M.credited(formatMoney(done.amountCents)));
    },
  );

  route(
    app,
    'POST /staff/bills/:id/resend',
    { preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling), schema: { tags, security } },
    async (request) => ok(await staffBilling.resend(currentStaff(request), request.params.id), M.resent),
  );

  route(
    app,
    'GET /staff/payments/unmatched',
    { preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling), schema: { tags, security } },
    async () => ok(await unmatched.list()),
  );

  route(
    app,
    'POST /staff/payments/unmatched/:id/apply',
    { preHandler: staffOnly(staffAuth, StaffPermission.ResolvePayments), schema: { tags, security } },
    async (request) =>
      ok(
        await unmatched.apply(
          currentStaff(request),
          request.params.id,
          request.body.billNumber,
          request.body.reason,
        ),
        UnmatchedMessages.applied,
      ),
  );

  route(
    app,
    'POST /staff/payments/unmatched/:id/return',
    { preHandler: staffOnly(staffAuth, StaffPermission.ResolvePayments), schema: { tags, security } },
    async (request) => {
      const done = await unmatched.sendBack(currentStaff(request), request.params.id, request.body.reason);
      return ok({ id: done.id }, done.message);
    },
  );
};

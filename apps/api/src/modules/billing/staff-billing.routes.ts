import { staffBillingSchema } from '@selfcare/domain/contracts/staff-billing';
import { StaffPermission, staffReasonSchema } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { StaffBillingMessages as M, type StaffBilling } from './staff-billing.ts';

/** A customer's billing in the staff console under /api/v1/staff; each route checks the caller's role. */
export const staffBillingRoutes: FastifyPluginAsyncZod<{
  staffAuth: StaffSessions;
  staffBilling: StaffBilling;
}> = async (app, { staffAuth, staffBilling }) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const done = envelopeOf(z.object({ userId: z.string() }));

  app.get(
    '/customers/:id/billing',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling),
      schema: {
        tags,
        security,
        summary: "A customer's bills with their items and payments, and the charges not billed yet",
        params: z.object({ id: z.uuid('Customer is invalid') }),
        response: { 200: envelopeOf(staffBillingSchema) },
      },
    },
    async (request) => ok(await staffBilling.account(request.params.id)),
  );

  app.post(
    '/charges/:id/waive',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.WaiveCharges),
      schema: {
        tags,
        security,
        summary:
          'Waive a charge, with the reason (supervisors; audit-logged); its unpaid bill is summed again',
        params: z.object({ id: z.uuid('Charge is invalid') }),
        body: staffReasonSchema,
        response: { 200: done },
      },
    },
    async (request) =>
      ok(await staffBilling.waive(currentStaff(request), request.params.id, request.body.reason), M.waived),
  );

  app.post(
    '/bills/:id/resend',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling),
      schema: {
        tags,
        security,
        summary: 'Email a bill to its customer again (audit-logged)',
        params: z.object({ id: z.uuid('Bill is invalid') }),
        response: { 200: done },
      },
    },
    async (request) => ok(await staffBilling.resend(currentStaff(request), request.params.id), M.resent),
  );
};

import { formatMoney } from '@selfcare/domain';
import { staffBillingSchema } from '@selfcare/domain/contracts/staff-billing';
import { unmatchedPaymentsSchema } from '@selfcare/domain/contracts/unmatched-payments';
import {
  applyUnmatchedSchema,
  StaffPermission,
  staffCreditRequestSchema,
  staffReasonSchema,
} from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
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
    '/customers/:id/credits',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.GiveCredits),
      schema: {
        tags,
        security,
        summary:
          'Give a customer a credit off their next bill, optionally for a charge, with the reason (supervisors; audit-logged; once per key)',
        params: z.object({ id: z.uuid('Customer is invalid') }),
        body: staffCreditRequestSchema,
        response: { 200: envelopeOf(z.object({ userId: z.string(), amountCents: z.number() })) },
      },
    },
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

  // The bank's and the gateway's own ids: letters, digits and the gateway's underscore.
  const creditId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Payment is invalid') });

  app.get(
    '/payments/unmatched',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling),
      schema: {
        tags,
        security,
        summary: 'Payments nothing matched, oldest first, and how long the oldest has waited (ADR 0033)',
        response: { 200: envelopeOf(unmatchedPaymentsSchema) },
      },
    },
    async () => ok(await unmatched.list()),
  );

  app.post(
    '/payments/unmatched/:id/apply',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ResolvePayments),
      schema: {
        tags,
        security,
        summary:
          'Apply a payment nothing matched to an unpaid bill, with the reason (supervisors; audit-logged)',
        params: creditId,
        body: applyUnmatchedSchema,
        response: { 200: envelopeOf(z.object({ billId: z.string() })) },
      },
    },
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

  app.post(
    '/payments/unmatched/:id/return',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ResolvePayments),
      schema: {
        tags,
        security,
        summary:
          'Send a payment nothing matched back: a PayNow credit by the bank to its payer, a card charge refunded to its card (supervisors; audit-logged)',
        params: creditId,
        body: staffReasonSchema,
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const done = await unmatched.sendBack(currentStaff(request), request.params.id, request.body.reason);
      return ok({ id: done.id }, done.message);
    },
  );
};

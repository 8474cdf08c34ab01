import { lineServicesSchema, staffCustomerLinesSchema } from '@selfcare/domain/contracts/line-services';
import { StaffPermission, staffReasonSchema } from '@selfcare/domain/fulfilment';
import { LineServiceMessages as M } from '@selfcare/domain/line-services';
import { lineBarringSchema, suspendLineSchema } from '@selfcare/domain/schemas/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { LineServices } from './line-services.ts';

const security = [{ bearer: [] }];
const params = z.object({ id: z.uuid('Line is invalid') });

/** /manage/suspension and /manage/internationalCall: the customer's own lines only (ADR 0025). */
export const lineServicesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  services: LineServices;
}> = async (app, { auth, services }) => {
  const tags = ['lines'];

  app.get(
    '/line-services',
    {
      preHandler: authenticated(auth, 'suspension'),
      schema: {
        tags,
        security,
        summary:
          "The customer's live lines: status (Active, Suspension, Unsuspension), suspension, international barring",
        response: { 200: envelopeOf(z.array(lineServicesSchema)) },
      },
    },
    async (request) => ok(await services.list(currentUser(request).id)),
  );

  app.post(
    '/line-services/:id/suspension',
    {
      preHandler: authenticated(auth, 'suspensionEdit'),
      schema: {
        tags,
        security,
        summary: 'Suspend the line now, with the reason; only support can resume it',
        params,
        body: suspendLineSchema,
        response: { 200: envelopeOf(lineServicesSchema) },
      },
    },
    async (request) =>
      ok(
        await services.suspend(currentUser(request).id, request.params.id, request.body.reason),
        M.suspended,
      ),
  );

  app.put(
    '/line-services/:id/barring',
    {
      preHandler: authenticated(auth, 'internationalCallEdit'),
      schema: {
        tags,
        security,
        summary: 'Bar or allow incoming international calls and SMS, and outgoing IDD, on the line',
        params,
        body: lineBarringSchema,
        response: { 200: envelopeOf(lineServicesSchema) },
      },
    },
    async (request) =>
      ok(await services.setBarring(currentUser(request).id, request.params.id, request.body), M.updated),
  );
};

/** A customer's lines in the staff console, and resuming a suspended one (audit-logged). */
export const staffLineServicesRoutes: FastifyPluginAsyncZod<{
  staffAuth: StaffSessions;
  services: LineServices;
}> = async (app, { staffAuth, services }) => {
  const tags = ['staff'];

  app.get(
    '/customers/:id/lines',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling),
      schema: {
        tags,
        security,
        summary: "Whose lines, and a customer's live lines with their status, suspension and barring",
        params: z.object({ id: z.uuid('Customer is invalid') }),
        response: { 200: envelopeOf(staffCustomerLinesSchema) },
      },
    },
    async (request) => ok(await services.forStaff(request.params.id)),
  );

  app.post(
    '/lines/:id/unsuspend',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ManageLines),
      schema: {
        tags,
        security,
        summary: 'Resume a suspended line, with the reason (audit-logged)',
        params,
        body: staffReasonSchema,
        response: { 200: envelopeOf(lineServicesSchema) },
      },
    },
    async (request) =>
      ok(
        await services.unsuspend(currentStaff(request), request.params.id, request.body.reason),
        M.unsuspended,
      ),
  );
};

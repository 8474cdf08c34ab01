import { staffActionResultSchema } from '@selfcare/domain/contracts/staff';
import {
  activateByImsiSchema,
  createDeliverySchema,
  FulfilmentMessages as M,
  OrderAction,
  STAFF_ACTIONS,
  type StaffOrderAction,
  staffNoteSchema,
  staffReasonSchema,
} from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import { orderParams } from './staff-route-schemas.ts';

const actionResult = envelopeOf(staffActionResultSchema);

export interface StaffOrderActionRoutesOptions {
  staffAuth: StaffSessions;
  fulfilment: FulfilmentService;
}

/** Staff actions on an order under /api/v1/staff: each checks on the server that the caller's role may take it. */
export const staffOrderActionRoutes: FastifyPluginAsyncZod<StaffOrderActionRoutesOptions> = async (
  app,
  { staffAuth, fulfilment },
) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const may = (capability: Parameters<typeof staffOnly>[1]) => staffOnly(staffAuth, capability);

  const body = { tags, security, params: orderParams, response: { 200: actionResult } };
  // The console sends each action to the path the domain's table names.
  const actionUrl = (action: StaffOrderAction) => `/orders/:id/${STAFF_ACTIONS[action].path}`;

  app.post(
    actionUrl(OrderAction.Verify),
    { preHandler: may(OrderAction.Verify), schema: { ...body, body: staffNoteSchema } },
    async (request) =>
      ok(
        await fulfilment.verify(currentStaff(request), request.params.id, request.body.note || null),
        M.verified,
      ),
  );

  app.post(
    actionUrl(OrderAction.Reject),
    { preHandler: may(OrderAction.Reject), schema: { ...body, body: staffReasonSchema } },
    async (request) =>
      ok(await fulfilment.reject(currentStaff(request), request.params.id, request.body.reason), M.rejected),
  );

  app.post(
    actionUrl(OrderAction.RequestDocuments),
    { preHandler: may(OrderAction.RequestDocuments), schema: { ...body, body: staffReasonSchema } },
    async (request) =>
      ok(
        await fulfilment.requestDocuments(currentStaff(request), request.params.id, request.body.reason),
        M.documentsRequested,
      ),
  );

  app.post(
    actionUrl(OrderAction.Cancel),
    { preHandler: may(OrderAction.Cancel), schema: { ...body, body: staffReasonSchema } },
    async (request) =>
      ok(await fulfilment.cancel(currentStaff(request), request.params.id, request.body.reason), M.cancelled),
  );

  app.post(
    actionUrl(OrderAction.CreateDelivery),
    {
      preHandler: may(OrderAction.CreateDelivery),
      schema: {
        ...body,
        summary: 'Create delivery order: a SIM from stock for each line',
        body: createDeliverySchema,
      },
    },
    async (request) =>
      ok(
        await fulfilment.createDelivery(currentStaff(request), request.params.id, request.body),
        M.deliveryCreated,
      ),
  );

  app.post(
    actionUrl(OrderAction.MarkDelivered),
    { preHandler: may(OrderAction.MarkDelivered), schema: body },
    async (request) =>
      ok(await fulfilment.markDelivered(currentStaff(request), request.params.id), M.delivered),
  );

  app.post(
    actionUrl(OrderAction.MarkDeliveryFailed),
    { preHandler: may(OrderAction.MarkDeliveryFailed), schema: { ...body, body: staffReasonSchema } },
    async (request) =>
      ok(
        await fulfilment.markDeliveryFailed(currentStaff(request), request.params.id, request.body.reason),
        M.deliveryFailed,
      ),
  );

  app.post(
    actionUrl(OrderAction.Activate),
    {
      preHandler: may(OrderAction.Activate),
      schema: {
        ...body,
        summary: 'Enter IMSI to activate: the IMSI of the SIM delivered for each line',
        body: activateByImsiSchema,
      },
    },
    async (request) =>
      ok(
        await fulfilment.activateByImsi(currentStaff(request), request.params.id, request.body.lines),
        M.activationRequested,
      ),
  );
};

import { FulfilmentMessages as M, OrderAction } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { FulfilmentService } from './fulfilment.service.ts';

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

  route(
    app,
    'POST /staff/orders/:id/verify',
    { preHandler: may(OrderAction.Verify), schema: { tags, security } },
    async (request) =>
      ok(
        await fulfilment.verify(currentStaff(request), request.params.id, request.body.note || null),
        M.verified,
      ),
  );

  route(
    app,
    'POST /staff/orders/:id/reject',
    { preHandler: may(OrderAction.Reject), schema: { tags, security } },
    async (request) =>
      ok(await fulfilment.reject(currentStaff(request), request.params.id, request.body.reason), M.rejected),
  );

  route(
    app,
    'POST /staff/orders/:id/request-documents',
    { preHandler: may(OrderAction.RequestDocuments), schema: { tags, security } },
    async (request) =>
      ok(
        await fulfilment.requestDocuments(currentStaff(request), request.params.id, request.body.reason),
        M.documentsRequested,
      ),
  );

  route(
    app,
    'POST /staff/orders/:id/cancel',
    { preHandler: may(OrderAction.Cancel), schema: { tags, security } },
    async (request) =>
      ok(await fulfilment.cancel(currentStaff(request), request.params.id, request.body.reason), M.cancelled),
  );

  route(
    app,
    'POST /staff/orders/:id/deliveries',
    {
      preHandler: may(OrderAction.CreateDelivery),
      schema: { tags, security },
    },
    async (request) =>
      ok(
        await fulfilment.createDelivery(currentStaff(request), request.params.id, request.body),
        M.deliveryCreated,
      ),
  );

  route(
    app,
    'POST /staff/orders/:id/delivered',
    { preHandler: may(OrderAction.MarkDelivered), schema: { tags, security } },
    async (request) =>
      ok(await fulfilment.markDelivered(currentStaff(request), request.params.id), M.delivered),
  );

  route(
    app,
    'POST /staff/orders/:id/delivery-failed',
    { preHandler: may(OrderAction.MarkDeliveryFailed), schema: { tags, security } },
    async (request) =>
      ok(
        await fulfilment.markDeliveryFailed(currentStaff(request), request.params.id, request.body.reason),
        M.deliveryFailed,
      ),
  );

  route(
    app,
    'POST /staff/orders/:id/activate',
    {
      preHandler: may(OrderAction.Activate),
      schema: { tags, security },
    },
    async (request) =>
      ok(
        await fulfilment.activateByImsi(currentStaff(request), request.params.id, request.body.lines),
        M.activationRequested,
      ),
  );
};

import { FulfilmentMessages as F, OrderAction, StaffPermission } from '@selfcare/domain/fulfilment';
import { LostSimMessages as M } from '@selfcare/domain/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { ReplacementsService } from './replacements.service.ts';

/**
 * Lost SIMs' replacements in the staff console, under /api/v1/staff (ADR 0029): listed for staff
 * who see orders, and sent, delivered and activated with the rights of the same actions on an order.
 */
export const staffReplacementRoutes: FastifyPluginAsyncZod<{
  staffAuth: StaffSessions;
  replacements: ReplacementsService;
}> = async (app, { staffAuth, replacements }) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const may = (capability: Parameters<typeof staffOnly>[1]) => staffOnly(staffAuth, capability);

  route(
    app,
    'GET /staff/replacements',
    { preHandler: may(StaffPermission.ViewOrders), schema: { tags, security } },
    async (request) => ok(await replacements.list(request.query)),
  );

  route(
    app,
    'POST /staff/replacements/:id/deliveries',
    {
      preHandler: may(OrderAction.CreateDelivery),
      schema: { tags, security },
    },
    async (request) =>
      ok(await replacements.createDelivery(currentStaff(request), request.params.id, request.body), M.sent),
  );

  route(
    app,
    'POST /staff/replacements/:id/delivered',
    { preHandler: may(OrderAction.MarkDelivered), schema: { tags, security } },
    async (request) =>
      ok(await replacements.markDelivered(currentStaff(request), request.params.id), F.delivered),
  );

  route(
    app,
    'POST /staff/replacements/:id/delivery-failed',
    {
      preHandler: may(OrderAction.MarkDeliveryFailed),
      schema: { tags, security },
    },
    async (request) =>
      ok(
        await replacements.markDeliveryFailed(currentStaff(request), request.params.id, request.body.reason),
        F.deliveryFailed,
      ),
  );

  route(
    app,
    'POST /staff/replacements/:id/activate',
    {
      preHandler: may(OrderAction.Activate),
      schema: { tags, security },
    },
    async (request) =>
      ok(
        await replacements.activate(currentStaff(request), request.params.id, request.body.imsi),
        F.activationRequested,
      ),
  );
};

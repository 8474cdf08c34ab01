import { staffReplacementPageSchema, staffReplacementSchema } from '@selfcare/domain/contracts/staff';
import {
  FulfilmentMessages as F,
  OrderAction,
  replacementActivationSchema,
  replacementDeliverySchema,
  STAFF_ACTIONS,
  StaffPermission,
  staffReasonSchema,
  staffReplacementQuerySchema,
} from '@selfcare/domain/fulfilment';
import { LostSimMessages as M, type StaffReplacementAction } from '@selfcare/domain/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { ReplacementsService } from './replacements.service.ts';
import { orderParams } from './staff-route-schemas.ts';

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
  const action = {
    tags,
    security,
    params: orderParams,
    response: { 200: envelopeOf(staffReplacementSchema) },
  };
  // The console sends each action to the path an order's same action has.
  const actionUrl = (a: StaffReplacementAction) => `/replacements/:id/${STAFF_ACTIONS[a].path}`;

  app.get(
    '/replacements',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: {
        tags,
        security,
        summary: "Lost SIMs' replacements: those under way (the default), in one state, or all",
        querystring: staffReplacementQuerySchema,
        response: { 200: envelopeOf(staffReplacementPageSchema) },
      },
    },
    async (request) => ok(await replacements.list(request.query)),
  );

  app.post(
    actionUrl(OrderAction.CreateDelivery),
    {
      preHandler: may(OrderAction.CreateDelivery),
      schema: {
        ...action,
        summary:
          'Create delivery order: a SIM from stock replaces the lost one; the replacement fee goes on the next bill',
        body: replacementDeliverySchema,
      },
    },
    async (request) =>
      ok(await replacements.createDelivery(currentStaff(request), request.params.id, request.body), M.sent),
  );

  app.post(
    actionUrl(OrderAction.MarkDelivered),
    { preHandler: may(OrderAction.MarkDelivered), schema: { ...action, summary: 'Mark delivered' } },
    async (request) =>
      ok(await replacements.markDelivered(currentStaff(request), request.params.id), F.delivered),
  );

  app.post(
    actionUrl(OrderAction.MarkDeliveryFailed),
    {
      preHandler: may(OrderAction.MarkDeliveryFailed),
      schema: {
        ...action,
        summary: 'Mark delivery failed: the SIM returns to stock and another is sent',
        body: staffReasonSchema,
      },
    },
    async (request) =>
      ok(
        await replacements.markDeliveryFailed(currentStaff(request), request.params.id, request.body.reason),
        F.deliveryFailed,
      ),
  );

  app.post(
    actionUrl(OrderAction.Activate),
    {
      preHandler: may(OrderAction.Activate),
      schema: {
        ...action,
        summary:
          'Enter IMSI to activate: the MVNE swaps the line onto the new SIM, once the lost one is blocked',
        body: replacementActivationSchema,
      },
    },
    async (request) =>
      ok(
        await replacements.activate(currentStaff(request), request.params.id, request.body.imsi),
        F.activationRequested,
      ),
  );
};

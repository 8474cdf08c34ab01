import {
  deliveryDatesSchema,
  foundAddressSchema,
  numberPageSchema,
  offerSchema,
} from '@selfcare/domain/contracts/orders';
import { subLineAddedSchema, subLinesViewSchema } from '@selfcare/domain/contracts/sub-lines';
import {
  deliveryDatesQuerySchema,
  numberSearchSchema,
  postalLookupSchema,
  SubLineMessages,
  subLineCreateSchema,
  subLineHoldSchema,
} from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { SubLines } from './sub-lines.ts';

/** /manage/mobileSubLine and its create page (ADR 0031): an individual customer's 'Us' lines. */
export const subLinesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  subLines: SubLines;
  /** Holding numbers at the MVNE shares the authentication routes' limit per minute. */
  authLimit: number;
}> = async (app, { auth, subLines, authLimit }) => {
  const tags = ['sub-lines'];
  const security = [{ bearer: [] }];
  const list = authenticated(auth, 'mobileSubLine');
  const preHandler = authenticated(auth, 'mobileSubLineCreate');
  const view = { 200: envelopeOf(subLinesViewSchema) };

  app.get(
    '/sub-lines',
    {
      preHandler: list,
      schema: {
        tags,
        security,
        summary: "The 'Us' lines, how many more may be added, and the number held for the next",
        response: view,
      },
    },
    async (request) => ok(await subLines.view(currentUser(request))),
  );

  app.get(
    '/sub-lines/offer',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The plans, fees and networks an 'Us' line may be added with",
        response: { 200: envelopeOf(offerSchema) },
      },
    },
    async (request) => ok(await subLines.offer(currentUser(request))),
  );

  app.get(
    '/sub-lines/numbers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'New numbers on offer, containing the digits asked for, 20 a page',
        querystring: numberSearchSchema,
        response: { 200: envelopeOf(numberPageSchema) },
      },
    },
    async (request) =>
      ok(await subLines.numbers(currentUser(request), request.query.contains ?? '', request.query.page ?? 1)),
  );

  app.get(
    '/sub-lines/address',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Addresses at a postal code (OneMap); with a delivery method, whether it reaches them',
        querystring: postalLookupSchema,
        response: { 200: envelopeOf(z.array(foundAddressSchema)) },
      },
    },
    async (request) =>
      ok(await subLines.address(currentUser(request), request.query.postalCode, request.query.method)),
  );

  app.get(
    '/sub-lines/delivery-dates',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Working days a delivery method can be booked for',
        querystring: deliveryDatesQuerySchema,
        response: { 200: envelopeOf(deliveryDatesSchema) },
      },
    },
    async (request) => ok(subLines.deliveryDates(currentUser(request), request.query.method)),
  );

  app.put(
    '/sub-lines/hold',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: "Hold a new number for the 'Us' line being added (NUMBER_HOLD_MINUTES)",
        body: subLineHoldSchema,
        response: view,
      },
    },
    async (request) => ok(await subLines.hold(currentUser(request), request.body.msisdn)),
  );

  app.delete(
    '/sub-lines/hold',
    {
      preHandler,
      schema: { tags, security, summary: 'Give the held number back', response: view },
    },
    async (request) => ok(await subLines.giveBack(currentUser(request))),
  );

  app.post(
    '/sub-lines',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          "Add an 'Us' line: placed as an order for staff to verify, deliver and activate; its fees go on the next bill",
        body: subLineCreateSchema,
        response: { 201: envelopeOf(subLineAddedSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await subLines.add(currentUser(request), request.body), SubLineMessages.added, 201)),
  );
};

import { numberChangeViewSchema, numberChoicesSchema } from '@selfcare/domain/contracts/line-services';
import { portRequestSchema } from '@selfcare/domain/contracts/lines';
import { PortMessages } from '@selfcare/domain/fulfilment';
import { NumberChangeMessages as M } from '@selfcare/domain/line-services';
import { numberChoiceSchema, reinitiatePortSchema } from '@selfcare/domain/schemas/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { NumberChanges } from './number-changes.ts';
import type { PortingService } from './porting.service.ts';

/** /manage/numberChange: the customer's own lines only (ADR 0028). */
export const numberChangesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  numberChanges: NumberChanges;
  porting: PortingService;
  /** Holding numbers at the MVNE shares the authentication routes' limit per minute. */
  authLimit: number;
}> = async (app, { auth, numberChanges, porting, authLimit }) => {
  const tags = ['lines'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'numberChange');
  const params = z.object({ lineId: z.uuid('Line is invalid') });
  const view = { 200: envelopeOf(numberChangeViewSchema) };

  app.get(
    '/number-changes',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          "The live lines, what a number change costs each, and each line's held, pending or latest change",
        response: view,
      },
    },
    async (request) => ok(await numberChanges.view(currentUser(request).id)),
  );

  app.get(
    '/number-changes/numbers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'New numbers on offer, containing the digits asked for, 20 a page',
        querystring: z.object({
          contains: z
            .string()
            .trim()
            .regex(/^\d{0,8}$/, 'Please enter up to 8 digits.')
            .default(''),
          page: z.coerce.number().int().min(1).max(1000).default(1),
        }),
        response: { 200: envelopeOf(numberChoicesSchema) },
      },
    },
    async (request) => ok(await numberChanges.numbers(request.query.contains, request.query.page)),
  );

  app.put(
    '/number-changes/:lineId/hold',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Hold a new number for the line while the customer decides (NUMBER_HOLD_MINUTES)',
        params,
        body: numberChoiceSchema,
        response: view,
      },
    },
    async (request) =>
      ok(
        await numberChanges.hold(currentUser(request).id, request.params.lineId, request.body.msisdn),
        M.held,
      ),
  );

  app.delete(
    '/number-changes/:lineId/hold',
    {
      preHandler,
      schema: { tags, security, summary: "Give the line's held number back", params, response: view },
    },
    async (request) =>
      ok(await numberChanges.dropHold(currentUser(request).id, request.params.lineId), M.released),
  );

  app.post(
    '/number-changes/:lineId',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Change the line to its held number: the MVNE makes the change, the old number is released and the fee goes on the next bill',
        params,
        body: numberChoiceSchema,
        response: view,
      },
    },
    async (request) =>
      ok(
        await numberChanges.confirm(currentUser(request).id, request.params.lineId, request.body.msisdn),
        M.submitted,
      ),
  );

  app.post(
    '/number-changes/ports/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Re-initiate a failed port-in with the number and its donor details: submitted for the next porting window',
        params: z.object({ id: z.uuid('Port request is invalid') }),
        body: reinitiatePortSchema,
        response: { 200: envelopeOf(portRequestSchema) },
      },
    },
    async (request) =>
      ok(
        await porting.reinitiate(currentUser(request).id, request.params.id, request.body),
        PortMessages.submitted,
      ),
  );
};

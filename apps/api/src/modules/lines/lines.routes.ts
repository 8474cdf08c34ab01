import {
  esimReissueSchema,
  lineDetailSchema,
  lineSchema,
  portRequestSchema,
} from '@selfcare/domain/contracts/lines';
import { FulfilmentMessages as M, PortMessages } from '@selfcare/domain/fulfilment';
import { portEditSchema } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { EsimService } from './esim.service.ts';
import type { LinesService } from './lines.service.ts';
import type { PortingService } from './porting.service.ts';

/** /manage/simManagement and /manage/numberPort: the customer's own lines and port requests only. */
export const linesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  lines: LinesService;
  esim: EsimService;
  porting: PortingService;
}> = async (app, { auth, lines, esim, porting }) => {
  const security = [{ bearer: [] }];
  const params = z.object({ id: z.uuid() });

  app.get(
    '/lines',
    {
      preHandler: authenticated(auth, 'simManagement'),
      schema: {
        tags: ['lines'],
        security,
        summary: "The customer's lines: number, SIM type, masked ICCID, status, eSIM installations left",
        response: { 200: envelopeOf(z.array(lineSchema)) },
      },
    },
    async (request) => ok(await lines.list(currentUser(request).id)),
  );

  app.get(
    '/lines/:id',
    {
      preHandler: authenticated(auth, 'simManagementDetail'),
      schema: {
        tags: ['lines'],
        security,
        summary: "One line; for an eSIM, its live profile's activation code and QR and the device holding it",
        params,
        response: { 200: envelopeOf(lineDetailSchema) },
      },
    },
    async (request) => ok(await lines.detail(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/lines/:id/esimProfile',
    {
      preHandler: authenticated(auth, 'simManagementDetail'),
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['lines'],
        security,
        summary: 'Re-issue the eSIM profile (a new phone): the live one is disabled; at most 3 in all',
        params,
        response: { 200: envelopeOf(esimReissueSchema) },
      },
    },
    async (request) => ok(await esim.reissue(currentUser(request).id, request.params.id), M.esimReissued),
  );

  app.get(
    '/numberPorts',
    {
      preHandler: authenticated(auth, 'numberPort'),
      schema: {
        tags: ['numberPort'],
        security,
        summary: "The customer's port-in requests with their status and porting window",
        response: { 200: envelopeOf(z.array(portRequestSchema)) },
      },
    },
    async (request) => ok(await porting.list(currentUser(request).id)),
  );

  app.get(
    '/numberPorts/:id',
    {
      preHandler: authenticated(auth, 'numberPortEdit'),
      schema: { tags: ['numberPort'], security, params, response: { 200: envelopeOf(portRequestSchema) } },
    },
    async (request) => ok(await porting.get(currentUser(request).id, request.params.id)),
  );

  app.put(
    '/numberPorts/:id',
    {
      preHandler: authenticated(auth, 'numberPortEdit'),
      schema: {
        tags: ['numberPort'],
        security,
        summary: 'Correct the donor details (before submitting, or after the donor refused)',
        params,
        body: portEditSchema,
        response: { 200: envelopeOf(portRequestSchema) },
      },
    },
    async (request) =>
      ok(
        await porting.edit(currentUser(request).id, request.params.id, request.body),
        'Data updated successfully',
      ),
  );

  app.post(
    '/numberPorts/:id/submit',
    {
      preHandler: authenticated(auth, 'numberPort'),
      schema: {
        tags: ['numberPort'],
        security,
        summary: 'Submit the request for the next porting window',
        params,
        response: { 200: envelopeOf(portRequestSchema) },
      },
    },
    async (request) =>
      ok(await porting.submit(currentUser(request).id, request.params.id), PortMessages.submitted),
  );
};

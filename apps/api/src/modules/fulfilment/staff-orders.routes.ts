import { Messages } from '@selfcare/domain';
import { staffOrderSchema, staffQueuePageSchema } from '@selfcare/domain/contracts/staff';
import { StaffPermission, staffOrderQuerySchema } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { DocumentsService } from '../documents/index.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import { orderParams } from './staff-route-schemas.ts';

export interface StaffOrderRoutesOptions {
  staffAuth: StaffSessions;
  fulfilment: FulfilmentService;
  documents: DocumentsService;
}

/** The staff console's order queue, an order's page and its customer's ID documents, under /api/v1/staff. */
export const staffOrderRoutes: FastifyPluginAsyncZod<StaffOrderRoutesOptions> = async (
  app,
  { staffAuth, fulfilment, documents },
) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const may = (capability: Parameters<typeof staffOnly>[1]) => staffOnly(staffAuth, capability);

  app.get(
    '/orders',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: {
        tags,
        security,
        summary:
          'The order queue: filter by status, SIM type and date; search by order number, name, ID or phone',
        querystring: staffOrderQuerySchema,
        response: { 200: envelopeOf(staffQueuePageSchema) },
      },
    },
    async (request) => ok(await fulfilment.queue(request.query)),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: { tags, security, params: orderParams, response: { 200: envelopeOf(staffOrderSchema) } },
    },
    async (request) => ok(await fulfilment.detail(request.params.id)),
  );

  app.get(
    '/orders/:id/documents/:documentId',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: {
        tags,
        security,
        summary:
          "One of the order's customer's ID documents, inline or (download=1) as a file with a safe name",
        params: z.object({ id: z.uuid(), documentId: z.uuid({ error: Messages.notFound }) }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const order = await fulfilment.detail(request.params.id);
      const { doc, content } = await documents.openOf(order.customer.id, request.params.documentId);
      const extension =
        doc.mimeType === 'application/pdf' ? 'pdf' : doc.mimeType === 'image/png' ? 'png' : 'jpg';
      const name = `${order.orderNumber}-${doc.side}.${extension}`;
      return reply
        .header('content-type', doc.mimeType)
        .header(
          'content-disposition',
          `${request.query.download === '1' ? 'attachment' : 'inline'}; filename="${name}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );
};

import { StaffPermission } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { DocumentsService } from '../documents/index.ts';
import type { FulfilmentService } from './fulfilment.service.ts';

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

  route(
    app,
    'GET /staff/orders',
    { preHandler: may(StaffPermission.ViewOrders), schema: { tags, security } },
    async (request) => ok(await fulfilment.queue(request.query)),
  );

  route(
    app,
    'GET /staff/orders/:id',
    { preHandler: may(StaffPermission.ViewOrders), schema: { tags, security } },
    async (request) => ok(await fulfilment.detail(request.params.id)),
  );

  route(
    app,
    'GET /staff/orders/:id/documents/:documentId',
    { preHandler: may(StaffPermission.ViewOrders), schema: { tags, security } },
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

import { Messages } from '@selfcare/domain';
import { LINE_STATES, StaffPermission, staffOrderQuerySchema } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { DocumentsService } from '../documents/index.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import { orderParams, page, orderStatus as status } from './staff-route-schemas.ts';

const queueItem = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status,
  typeSim: z.number(),
  deliveryMethod: z.number().nullable(),
  totalCents: z.number(),
  fullName: z.string().nullable(),
  idNumber: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  lineCount: z.number(),
});
const address = z.record(z.string(), z.string().nullable().optional());
const orderDetail = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status,
  createdAt: z.string(),
  roadshow: z.boolean(),
  typeSim: z.number(),
  deliveryMethod: z.number().nullable(),
  deliveryDate: z.string().nullable(),
  deliveryAddress: address.nullable(),
  billingAddress: address,
  totalCents: z.number(),
  dueNowCents: z.number(),
  mvneOrderId: z.string().nullable(),
  customer: z.object({
    id: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    status: z.number(),
  }),
  profile: z.object({
    salutation: z.string(),
    fullName: z.string(),
    dateOfBirth: z.string(),
    contactNumber: z.string(),
    idType: z.number(),
    idNumber: z.string(),
    idIssueDate: z.string(),
    idExpiryDate: z.string().nullable(),
    passType: z.string().nullable(),
    passExpiry: z.string().nullable(),
    employer: z.string().nullable(),
    myinfoVerified: z.array(z.string()),
  }),
  lines: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      label: z.string(),
      planCode: z.string(),
      planName: z.string(),
      addonCodes: z.array(z.string()),
      numberType: z.string(),
      msisdn: z.string(),
      donorNetwork: z.string().nullable(),
      iccid: z.string().nullable(),
      service: z.enum(LINE_STATES).nullable(),
    }),
  ),
  payment: z.object({ amountCents: z.number(), at: z.string(), card: z.string().nullable() }).nullable(),
  refund: z.object({ amountCents: z.number(), status: z.string() }).nullable(),
  deliveries: z.array(
    z.object({
      id: z.string(),
      deliveryMethod: z.number(),
      deliveryDate: z.string(),
      trackingCode: z.string(),
      status: z.string(),
      iccids: z.array(z.string()),
      failureReason: z.string().nullable(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      createdBy: z.string(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.string(),
      side: z.string(),
      fileName: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number(),
      createdAt: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({ at: z.string(), type: z.string(), detail: z.string(), staff: z.string().nullable() }),
  ),
  audit: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      action: z.string(),
      reason: z.string().nullable(),
      subject: z.string().nullable(),
      staff: z.string(),
      role: z.string(),
    }),
  ),
  actions: z.array(z.string()),
  /** The order waits on the MVNE (hand-over, activation): the console looks again until it does not. */
  waitingOnMvne: z.boolean(),
});

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
        response: { 200: envelopeOf(page(queueItem)) },
      },
    },
    async (request) => ok(await fulfilment.queue(request.query)),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: { tags, security, params: orderParams, response: { 200: envelopeOf(orderDetail) } },
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
      const { doc, stream } = await documents.openOf(order.customer.id, request.params.documentId);
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
        .send(stream);
    },
  );
};

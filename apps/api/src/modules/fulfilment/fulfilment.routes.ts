import { Messages, ORDER_STATUSES } from '@selfcare/domain';
import {
  activateByImsiSchema,
  createDeliverySchema,
  LINE_STATES,
  FulfilmentMessages as M,
  OrderAction,
  SIM_STATES,
  STAFF_ACTIONS,
  type StaffOrderAction,
  StaffPermission,
  simStateChangeSchema,
  simStockQuerySchema,
  staffNoteSchema,
  staffOrderQuerySchema,
  staffReasonSchema,
} from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok, uploadedFile } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { DocumentsService } from '../documents/index.ts';
import type { ActivationService } from './activation.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import type { InventoryService } from './inventory.service.ts';

const status = z.enum(ORDER_STATUSES);
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
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
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
const actionResult = envelopeOf(z.object({ status }));
const orderParams = z.object({ id: z.uuid({ error: Messages.notFound }) });
const sim = z.object({
  iccid: z.string(),
  imsi: z.string(),
  state: z.enum(SIM_STATES),
  stateReason: z.string().nullable(),
  updatedAt: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  msisdn: z.string().nullable(),
});

/** Signed MVNE events (activation completed), read as the raw body their signature covers. */
export const mvneWebhookRoutes: FastifyPluginAsyncZod<{ activation: ActivationService }> = async (
  app,
  { activation },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/webhooks/mvne',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'MVNE service events (signed)',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await activation.receiveWebhook(
        request.body as string,
        request.headers['selfcare-signature'] as string | undefined,
      );
      return ok(null);
    },
  );
};

export interface FulfilmentRoutesOptions {
  staffAuth: StaffSessions;
  fulfilment: FulfilmentService;
  inventory: InventoryService;
  documents: DocumentsService;
}

/** The staff console's API under /api/v1/staff: every route checks the caller's role on the server. */
export const fulfilmentRoutes: FastifyPluginAsyncZod<FulfilmentRoutesOptions> = async (
  app,
  { staffAuth, fulfilment, inventory, documents },
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

  app.get(
    '/sims',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: {
        tags,
        security,
        summary: 'SIM stock, a page at a time',
        querystring: simStockQuerySchema,
        response: { 200: envelopeOf(page(sim)) },
      },
    },
    async (request) => ok(await inventory.list(request.query)),
  );

  app.get(
    '/sims/stock',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: {
        tags,
        security,
        summary: 'How many SIMs are in each state, and a warning when available stock is low',
        response: {
          200: envelopeOf(
            z.object({ counts: z.record(z.enum(SIM_STATES), z.number()), lowStock: z.string().nullable() }),
          ),
        },
      },
    },
    async () => ok(await inventory.stock()),
  );

  app.post(
    '/sims/import',
    {
      preHandler: may(StaffPermission.ManageInventory),
      schema: {
        tags,
        security,
        summary: 'Load a CSV of SIMs (iccid, imsi, pin, puk); bad lines are reported, good ones added',
        consumes: ['multipart/form-data'],
        response: {
          201: envelopeOf(
            z.object({
              batchId: z.string(),
              added: z.number(),
              alreadyInStock: z.number(),
              errors: z.array(z.object({ line: z.number(), message: z.string() })),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { filename, content } = await uploadedFile(request);
      // A stock file is text: anything with NUL bytes (a spreadsheet, an image) is not one.
      if (content.includes(0)) throw AppError.field('file', M.stockFileNotText);
      const report = await inventory.import(currentStaff(request), filename, content.toString('utf8'));
      return reply.status(201).send(ok(report, Messages.dataAdded, 201));
    },
  );

  app.post(
    '/sims/:iccid/state',
    {
      preHandler: may(StaffPermission.ManageInventory),
      schema: {
        tags,
        security,
        summary: 'Take a SIM out of service: lost or retired',
        params: z.object({ iccid: z.string().regex(/^\d{19,20}$/, Messages.invalid('ICCID')) }),
        body: simStateChangeSchema,
        response: { 200: envelopeOf(z.object({ iccid: z.string(), state: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await inventory.setState(
          currentStaff(request),
          request.params.iccid,
          request.body.state,
          request.body.reason,
        ),
        Messages.dataUpdated,
      ),
  );
};

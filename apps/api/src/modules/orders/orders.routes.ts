import { Messages } from '@selfcare/domain';
import {
  accountStepSchema,
  deliveryDatesQuerySchema,
  deliveryStepSchema,
  NETWORKS,
  numberSearchSchema,
  numberStepSchema,
  PLAN_GROUPS,
  planStepSchema,
  postalLookupSchema,
  promotionCheckSchema,
  requestedDocumentsSchema,
} from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { NumbersService } from './numbers.service.ts';
import type { OrdersService } from './orders.service.ts';
import type { QuoteService } from './quote.service.ts';

const cents = z.number().int();
const planSchema = z.object({
  code: z.string(),
  name: z.string(),
  group: z.enum(PLAN_GROUPS),
  companyCode: z.string().nullable(),
  monthlyCents: cents,
  dataGb: z.number().int().nullable(),
  talkMinutes: z.number().int().nullable(),
  sms: z.number().int().nullable(),
  roamingGb: z.number().int(),
  description: z.string(),
});
const offerSchema = z.object({
  plans: z.array(planSchema),
  addons: z.array(
    z.object({ code: z.string(), name: z.string(), monthlyCents: cents, description: z.string() }),
  ),
  fees: z.object({
    newNumberCents: cents,
    homeDeliveryCents: cents,
    adminCents: cents,
    simReplacementCents: cents,
    overdueNoticeCents: cents,
    gstPercent: z.number(),
  }),
  maxLines: z.number().int(),
  networks: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
const consent = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });
const accountSchema = z.object({
  salutation: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  contactNumber: z.string(),
  idType: z.number().int(),
  idNumber: z.string(),
  idIssueDate: z.string(),
  idExpiryDate: z.string().nullish(),
  passType: z.string().nullish(),
  passStatus: z.string().nullish(),
  passExpiry: z.string().nullish(),
  employer: z.string().nullish(),
  marketing: z.object({ provider: consent, thirdParty: consent }),
  documents: z.object({ front: z.string().nullable(), back: z.string().nullable() }).nullish(),
  myinfoVerified: z.array(z.string()).optional(),
});
const addressOut = z.object({
  postalCode: z.string(),
  blockNumber: z.string(),
  roadName: z.string(),
  building: z.string().nullish(),
  unitNumber: z.string().nullish(),
});
const deliverySchema = z.object({
  deliveryMethod: z.number().int().nullable(),
  delivery: addressOut.nullish(),
  deliveryDate: z.string().nullish(),
  billingSameAsDelivery: z.boolean(),
  billing: addressOut.nullish(),
});
const documentFile = z.object({ id: z.string(), fileName: z.string() });
const draftSchema = z.object({
  plan: z
    .object({
      typeSim: z.number().int(),
      lines: z.array(z.object({ planCode: z.string(), addonCodes: z.array(z.string()) })),
    })
    .nullable(),
  numbers: z
    .object({
      lines: z.array(
        z.object({
          numberType: z.enum(['NORMAL', 'RETAIN']),
          msisdn: z.string(),
          donorNetwork: z.number().int().nullable(),
          confirmPostpaid: z.boolean().optional(),
        }),
      ),
    })
    .nullable(),
  account: accountSchema.nullable(),
  delivery: deliverySchema.nullable(),
  /** The files of the ID sides in `account.documents`; a side whose file is gone is null. */
  documents: z.object({ front: documentFile.nullable(), back: documentFile.nullable() }).nullable(),
  myinfo: z
    .object({
      account: accountSchema.partial(),
      locked: z.array(z.string()),
      address: addressOut.nullable(),
      retrievedAt: z.string(),
      /** The ID number MyInfo gave already has an account: step 3 cannot be saved with it. */
      idNumberRegistered: z.boolean(),
    })
    .nullable(),
  reservation: z.object({ numbers: z.array(z.string()), until: z.string() }).nullable(),
});

export interface OrdersRoutesOptions {
  auth: CustomerSessions;
  orders: OrdersService;
  numbers: NumbersService;
  quotes: QuoteService;
}

/** The order wizard (SPEC.md section 2): for customers who may open /getStarted (status 0). */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { auth, orders, numbers, quotes },
) => {
  const security = [{ bearer: [] }];
  const tags = ['orders'];
  const preHandler = authenticated(auth, 'getStarted');

  app.get(
    '/orders/offer',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Plans, add-ons, fees and limits for a new order',
        response: { 200: envelopeOf(offerSchema) },
      },
    },
    async (request) =>
      ok({
        ...(await orders.offer(currentUser(request))),
        networks: NETWORKS.map((name, id) => ({ id, name })),
      }),
  );

  app.get(
    '/orders/numbers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'New numbers the customer may choose, searchable by digits',
        querystring: numberSearchSchema,
        response: {
          200: envelopeOf(
            z.object({
              numbers: z.array(z.string()),
              page: z.number().int(),
              pageSize: z.number().int(),
              totalPages: z.number().int(),
              total: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await numbers.searchNumbers(
          currentUser(request),
          request.query.contains ?? '',
          request.query.page ?? 1,
        ),
      ),
  );

  app.get(
    '/orders/draft',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'The order being put together',
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.draft(currentUser(request))),
  );

  app.put(
    '/orders/draft/plan',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 1: SIM type, plans and add-ons',
        body: planStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.savePlan(currentUser(request), request.body)),
  );

  app.put(
    '/orders/draft/numbers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 2: a new number (held for a while) or a port-in per line',
        body: numberStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await numbers.saveNumbers(currentUser(request), request.body)),
  );

  app.put(
    '/orders/draft/account',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 3: who the customer is, with both sides of their ID uploaded',
        body: accountStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.saveAccount(currentUser(request), request.body)),
  );

  app.delete(
    '/orders/draft/myinfo',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 3: forget the details MyInfo gave (and a step 3 saved with them)',
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.clearMyinfo(currentUser(request))),
  );

  app.get(
    '/orders/address',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Addresses at a postal code (OneMap); empty when there are none. With a delivery method, whether it reaches them',
        querystring: postalLookupSchema,
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                postalCode: z.string(),
                blockNumber: z.string(),
                roadName: z.string(),
                building: z.string(),
                address: z.string(),
                deliverable: z.boolean().optional(),
              }),
            ),
          ),
        },
      },
    },
    async (request) =>
      ok(await orders.lookupAddress(currentUser(request), request.query.postalCode, request.query.method)),
  );

  app.get(
    '/orders/delivery-dates',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Working days a delivery method can be booked for (Singapore public holidays excluded)',
        querystring: deliveryDatesQuerySchema,
        response: { 200: envelopeOf(z.object({ dates: z.array(z.string()) })) },
      },
    },
    async (request) => ok(orders.deliveryDates(currentUser(request), request.query.method)),
  );

  app.put(
    '/orders/draft/delivery',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 4: delivery method, date and address, and the billing address',
        body: deliveryStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.saveDelivery(currentUser(request), request.body)),
  );

  app.post(
    '/orders/documents',
    {
      preHandler: authenticated(auth, 'uploadID'),
      schema: {
        tags,
        security,
        summary: 'Hand in the ID documents staff asked for (status 3 goes back to waiting)',
        body: requestedDocumentsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await orders.submitRequestedDocuments(currentUser(request), request.body);
      return ok(null, Messages.dataUpdated);
    },
  );

  app.post(
    '/orders/promotion',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'What a promotion code gives (getPromotionCode)',
        body: promotionCheckSchema,
        response: {
          200: envelopeOf(
            z.object({
              code: z.string(),
              description: z.string(),
              percentOff: z.number().int().nullable(),
              amountOffCents: z.number().int().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await quotes.checkPromotion(currentUser(request), request.body.code)),
  );
};

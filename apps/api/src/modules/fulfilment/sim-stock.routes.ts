import { Messages } from '@selfcare/domain';
import {
  simImportReportSchema,
  simStateResultSchema,
  simStockSchema,
  stockSimPageSchema,
} from '@selfcare/domain/contracts/staff';
import {
  FulfilmentMessages as M,
  StaffPermission,
  simStateChangeSchema,
  simStockQuerySchema,
} from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok, uploadedFile } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import type { InventoryService } from './inventory.service.ts';

export interface SimStockRoutesOptions {
  staffAuth: StaffSessions;
  inventory: InventoryService;
}

/** SIM stock for the staff console under /api/v1/staff: the list, counts by state, CSV import, taking a SIM out of service. */
export const simStockRoutes: FastifyPluginAsyncZod<SimStockRoutesOptions> = async (
  app,
  { staffAuth, inventory },
) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const may = (capability: Parameters<typeof staffOnly>[1]) => staffOnly(staffAuth, capability);

  app.get(
    '/sims',
    {
      preHandler: may(StaffPermission.ViewOrders),
      schema: {
        tags,
        security,
        summary: 'SIM stock, a page at a time',
        querystring: simStockQuerySchema,
        response: { 200: envelopeOf(stockSimPageSchema) },
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
        response: { 200: envelopeOf(simStockSchema) },
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
        response: { 201: envelopeOf(simImportReportSchema) },
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
        response: { 200: envelopeOf(simStateResultSchema) },
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

import { Messages } from '@selfcare/domain';
import { FulfilmentMessages as M, StaffPermission } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { ok, uploadedFile } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
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

  route(
    app,
    'GET /staff/sims',
    { preHandler: may(StaffPermission.ViewOrders), schema: { tags, security } },
    async (request) => ok(await inventory.list(request.query)),
  );

  route(
    app,
    'GET /staff/sims/stock',
    { preHandler: may(StaffPermission.ViewOrders), schema: { tags, security } },
    async () => ok(await inventory.stock()),
  );

  route(
    app,
    'POST /staff/sims/import',
    { preHandler: may(StaffPermission.ManageInventory), schema: { tags, security } },
    async (request, reply) => {
      const { filename, content } = await uploadedFile(request);
      // A stock file is text: anything with NUL bytes (a spreadsheet, an image) is not one.
      if (content.includes(0)) throw AppError.field('file', M.stockFileNotText);
      const report = await inventory.import(currentStaff(request), filename, content.toString('utf8'));
      return reply.status(201).send(ok(report, Messages.dataAdded, 201));
    },
  );

  route(
    app,
    'POST /staff/sims/:iccid/state',
    { preHandler: may(StaffPermission.ManageInventory), schema: { tags, security } },
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

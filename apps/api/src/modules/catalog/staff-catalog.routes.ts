import { Messages } from '@selfcare/domain';
import { StaffPermission } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { CatalogService } from './catalog.service.ts';

export interface StaffCatalogRoutesOptions {
  staffAuth: StaffSessions;
  catalog: CatalogService;
}

/** The console's catalog page under /api/v1/staff: what each plan and product says, in each language. */
export const staffCatalogRoutes: FastifyPluginAsyncZod<StaffCatalogRoutesOptions> = async (
  app,
  { staffAuth, catalog },
) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /staff/catalog',
    { preHandler: staffOnly(staffAuth, StaffPermission.ViewOrders), schema: { tags, security } },
    async () => ok(await catalog.forStaff()),
  );

  route(
    app,
    'PUT /staff/catalog/:kind/:code',
    { preHandler: staffOnly(staffAuth, StaffPermission.EditCatalog), schema: { tags, security } },
    async (request) =>
      ok(
        await catalog.setDescriptions(
          currentStaff(request),
          request.params.kind,
          request.params.code,
          request.body,
        ),
        Messages.dataUpdated,
      ),
  );
};

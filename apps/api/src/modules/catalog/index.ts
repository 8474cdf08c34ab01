import { defineModule } from '../../module.ts';
import { CatalogService } from './catalog.service.ts';
import { staffCatalogRoutes } from './staff-catalog.routes.ts';

export { planTerms, productNames } from './catalog.schema.ts';
export { cisCompanyRecords } from './cis-companies.ts';
export type { CatalogService };

declare module '../../module.ts' {
  interface Services {
    catalog: CatalogService;
  }
}

/** Plans, add-ons and the fees the offer shows. */
export const catalogModule = defineModule({
  name: 'catalog',
  services: ({ database, fees, clock }) => ({ catalog: new CatalogService(database, fees, clock) }),
  routes: async (app, { staffAuth, catalog }) => {
    await app.register(staffCatalogRoutes, { prefix: '/api/v1/staff', staffAuth, catalog });
  },
});

import { defineModule } from '../../module.ts';
import { CatalogService } from './catalog.service.ts';

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
  services: ({ database, fees }) => ({ catalog: new CatalogService(database, fees) }),
});

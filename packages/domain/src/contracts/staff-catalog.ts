import { z } from 'zod/mini';
import { translationsSchema } from './orders.ts';

/** A plan or product as the console's catalog page shows it: its English and its other languages. */
export const staffCatalogItemSchema = z.object({
  kind: z.enum(['plan', 'product']),
  code: z.string(),
  name: z.string(),
  /** The English description, which the other languages translate. */
  description: z.string(),
  descriptions: translationsSchema,
  /** On sale: a withdrawn item is still read on customers' lines and bills. */
  active: z.boolean(),
});
export type StaffCatalogItem = z.infer<typeof staffCatalogItemSchema>;

/** GET /api/v1/staff/catalog: the plans, then the products, in the catalog's order. */
export const staffCatalogSchema = z.object({ items: z.array(staffCatalogItemSchema) });
export type StaffCatalog = z.infer<typeof staffCatalogSchema>;

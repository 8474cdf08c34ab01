import { z } from 'zod';
import { staffCatalogItemSchema, staffCatalogSchema } from '../contracts/staff-catalog.ts';
import { Messages } from '../messages.ts';
import { catalogDescriptionsSchema } from '../schemas/staff.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/catalog/staff-catalog.routes.ts. */
export const staffCatalogEndpoints = {
  'GET /staff/catalog': {
    summary: 'The plans and products with their descriptions in each language',
    response: staffCatalogSchema,
  },
  'PUT /staff/catalog/:kind/:code': {
    summary:
      "A plan's or product's descriptions in Chinese, Malay and Tamil, all three at once: a language left out or empty reads the English",
    params: z.object({
      kind: z.enum(['plan', 'product'], { error: Messages.notFound }),
      code: z.string().regex(/^[\w.-]{1,60}$/, Messages.notFound),
    }),
    body: catalogDescriptionsSchema,
    response: staffCatalogItemSchema,
  },
} as const satisfies Record<string, Endpoint>;

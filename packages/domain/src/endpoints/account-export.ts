import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/users/account-export.routes.ts. */
export const accountExportEndpoints = {
  'GET /profile/export': {
    summary: 'Download everything held about the customer as one JSON file (PDPA access)',
  },
} as const satisfies Record<string, Endpoint>;

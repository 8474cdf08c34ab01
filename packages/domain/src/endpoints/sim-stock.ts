import { z } from 'zod';
import {
  simImportReportSchema,
  simStateResultSchema,
  simStockSchema,
  stockSimPageSchema,
} from '../contracts/staff.ts';
import { simStateChangeSchema, simStockQuerySchema } from '../fulfilment.ts';
import { Messages } from '../index.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/fulfilment/sim-stock.routes.ts. */
export const simStockEndpoints = {
  'GET /staff/sims': {
    summary: 'SIM stock, a page at a time',
    query: simStockQuerySchema,
    response: stockSimPageSchema,
  },
  'GET /staff/sims/stock': {
    summary: 'How many SIMs are in each state, and a warning when available stock is low',
    response: simStockSchema,
  },
  'POST /staff/sims/import': {
    summary: 'Load a CSV of SIMs (iccid, imsi, pin, puk); bad lines are reported, good ones added',
    upload: true,
    response: simImportReportSchema,
    status: 201,
  },
  'POST /staff/sims/:iccid/state': {
    summary: 'Take a SIM out of service: lost or retired',
    params: z.object({ iccid: z.string().regex(/^\d{19,20}$/, Messages.invalid('ICCID')) }),
    body: simStateChangeSchema,
    response: simStateResultSchema,
  },
} as const satisfies Record<string, Endpoint>;

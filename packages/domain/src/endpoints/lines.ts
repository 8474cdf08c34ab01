import { z } from 'zod';
import { esimReissueSchema, lineDetailSchema, lineSchema, portRequestSchema } from '../contracts/lines.ts';
import { portEditSchema } from '../order.ts';
import type { Endpoint } from './endpoint.ts';

const params = z.object({ id: z.uuid() });

/** The calls the API answers in modules/lines/lines.routes.ts. */
export const linesEndpoints = {
  'GET /lines': {
    summary: "The customer's lines: number, SIM type, masked ICCID, status, eSIM installations left",
    response: z.array(lineSchema),
  },
  'GET /lines/:id': {
    summary: "One line; for an eSIM, its live profile's activation code and QR and the device holding it",
    params,
    response: lineDetailSchema,
  },
  'POST /lines/:id/esimProfile': {
    summary: 'Re-issue the eSIM profile (a new phone): the live one is disabled; at most 3 in all',
    params,
    response: esimReissueSchema,
  },
  'GET /numberPorts': {
    summary: "The customer's port-in requests with their status and porting window",
    response: z.array(portRequestSchema),
  },
  'GET /numberPorts/:id': {
    params,
    response: portRequestSchema,
  },
  'PUT /numberPorts/:id': {
    summary: 'Correct the donor details (before submitting, or after the donor refused)',
    params,
    body: portEditSchema,
    response: portRequestSchema,
  },
  'POST /numberPorts/:id/submit': {
    summary: 'Submit the request for the next porting window',
    params,
    response: portRequestSchema,
  },
} as const satisfies Record<string, Endpoint>;

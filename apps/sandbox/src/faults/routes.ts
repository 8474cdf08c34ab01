import type { FastifyInstance } from 'fastify';
import { FAULT_MODES, FAULT_SYSTEMS, type FaultMode, type FaultSystem, type Faults } from './faults.ts';

const faultSchema = {
  type: 'object',
  properties: {
    system: { type: 'string', enum: [...FAULT_SYSTEMS] },
    mode: { type: 'string', enum: [...FAULT_MODES] },
    until: { type: 'string', format: 'date-time' },
  },
} as const;

export function registerFaultRoutes(app: FastifyInstance, faults: Faults) {
  app.post<{ Body: { system: FaultSystem; mode: FaultMode; seconds: number } }>(
    '/sandbox/api/faults',
    {
      schema: {
        tags: ['faults'],
        summary: 'Make a simulated system fail for a while',
        body: {
          type: 'object',
          required: ['system', 'mode', 'seconds'],
          additionalProperties: false,
          properties: {
            system: { type: 'string', enum: [...FAULT_SYSTEMS] },
            mode: { type: 'string', enum: [...FAULT_MODES] },
            seconds: { type: 'number', minimum: 0, maximum: 3600 },
          },
        },
        response: { 200: faultSchema },
      },
    },
    async (request) => faults.set(request.body.system, request.body.mode, request.body.seconds),
  );
  app.get(
    '/sandbox/api/faults',
    {
      schema: {
        tags: ['faults'],
        summary: 'Faults in effect',
        response: { 200: { type: 'array', items: faultSchema } },
      },
    },
    async () => faults.list(),
  );
  app.delete<{ Querystring: { system?: FaultSystem } }>(
    '/sandbox/api/faults',
    {
      schema: {
        tags: ['faults'],
        summary: 'End a fault (or all of them)',
        querystring: { type: 'object', properties: { system: { type: 'string', enum: [...FAULT_SYSTEMS] } } },
      },
    },
    async (request, reply) => {
      faults.clear(request.query.system);
      return reply.status(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { Faults } from '../faults/faults.ts';
import { ADDRESSES, fullAddress, UNDELIVERABLE } from './addresses.ts';

const PAGE_SIZE = 10;

/**
 * OneMap's search API (`/api/common/elastic/search`) over the sandbox's address book, and a
 * courier's coverage check. A search value OneMap cannot read answers 422, as OneMap does.
 */
export function registerAddressRoutes(app: FastifyInstance, faults: Faults) {
  app.get<{
    Querystring: { searchVal?: string; returnGeom?: string; getAddrDetails?: string; pageNum?: number };
  }>(
    '/api/common/elastic/search',
    {
      onRequest: faults.hook('address'),
      schema: {
        tags: ['address'],
        summary: 'OneMap-compatible address search by postal code, road or building',
        querystring: {
          type: 'object',
          properties: {
            searchVal: { type: 'string' },
            returnGeom: { type: 'string', enum: ['Y', 'N'] },
            getAddrDetails: { type: 'string', enum: ['Y', 'N'] },
            pageNum: { type: 'integer', minimum: 1, default: 1 },
          },
        },
      },
    },
    async (request, reply) => {
      const search = (request.query.searchVal ?? '').trim().toUpperCase();
      if (!search || search.length > 100 || /[^A-Z0-9 @'&.-]/.test(search))
        return reply.status(422).send({ error: 'Invalid searchVal' });
      const geom = request.query.returnGeom === 'Y';
      const details = request.query.getAddrDetails === 'Y';
      const found = ADDRESSES.filter((a) => a.POSTAL.startsWith(search) || fullAddress(a).includes(search));
      const pageNum = request.query.pageNum ?? 1;
      const page = found.slice((pageNum - 1) * PAGE_SIZE, pageNum * PAGE_SIZE);
      return {
        found: found.length,
        totalNumPages: Math.max(1, Math.ceil(found.length / PAGE_SIZE)),
        pageNum,
        results: page.map((a) => ({
          SEARCHVAL: a.BUILDING,
          ...(details
            ? {
                BLK_NO: a.BLK_NO,
                ROAD_NAME: a.ROAD_NAME,
                BUILDING: a.BUILDING,
                ADDRESS: fullAddress(a),
                POSTAL: a.POSTAL,
              }
            : {}),
          ...(geom ? { LATITUDE: a.LATITUDE, LONGITUDE: a.LONGITUDE } : {}),
        })),
      };
    },
  );

  app.get<{ Querystring: { postalCode: string } }>(
    '/courier/api/v1/coverage',
    {
      onRequest: faults.hook('address'),
      schema: {
        tags: ['address'],
        summary: "Whether the courier delivers to a postal code's address",
        querystring: {
          type: 'object',
          required: ['postalCode'],
          properties: { postalCode: { type: 'string', pattern: '^\\d{6}$' } },
        },
        response: {
          200: {
            type: 'object',
            properties: { postalCode: { type: 'string' }, deliverable: { type: 'boolean' } },
          },
        },
      },
    },
    async (request) => ({
      postalCode: request.query.postalCode,
      deliverable: !UNDELIVERABLE(request.query.postalCode),
    }),
  );
}

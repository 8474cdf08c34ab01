import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, ok } from './http.ts';
import { serializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never);

describe('response serializer', () => {
  const user = envelopeOf(
    z.object({
      id: z.string(),
      status: z.number().int(),
      phoneNumber: z.string().nullable(),
      cisTypes: z.array(z.string()),
      esim: z.object({ installsLeft: z.number() }).nullable(),
    }),
  );

  it('writes only what the schema names: nothing undeclared reaches the client', () => {
    const write = compile(user);
    const out = JSON.parse(
      write(
        ok({
          id: 'u1',
          status: 2,
          phoneNumber: null,
          cisTypes: ['ORCHID'],
          esim: { installsLeft: 2, matchingSecret: 'x' },
          passwordHash: '$argon2id$…',
        }),
      ),
    );
    expect(out).toEqual({
      data: { id: 'u1', status: 2, phoneNumber: null, cisTypes: ['ORCHID'], esim: { installsLeft: 2 } },
      status: 200,
      message: 'OK',
      extra_info: {},
    });
  });

  it('fails rather than answer without a required property', () => {
    const write = compile(user);
    expect(() => write(ok({ status: 2, phoneNumber: null, cisTypes: [], esim: null }))).toThrow(/id/);
  });

  it('writes unions and records as declared', () => {
    const write = compile(
      envelopeOf(
        z.object({
          refusal: z.union([z.object({ reason: z.string() }), z.null()]),
          fields: z.record(z.string(), z.string()),
        }),
      ),
    );
    const out = JSON.parse(write(ok({ refusal: { reason: 'ID mismatch' }, fields: { a: 'b' } })));
    expect(out.data).toEqual({ refusal: { reason: 'ID mismatch' }, fields: { a: 'b' } });
    expect(JSON.parse(write(ok({ refusal: null, fields: {} }))).data.refusal).toBeNull();
  });
});

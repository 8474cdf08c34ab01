import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/** The response envelope every endpoint writes: { data, status, message, extra_info }. */
export function ok<T>(data: T, message = 'OK', status = 200) {
  return { data, status, message, extra_info: {} as Record<string, unknown> };
}

export const envelopeOf = <T extends $ZodType>(data: T) =>
  z.object({
    data,
    status: z.number().int(),
    message: z.string(),
    extra_info: z.record(z.string(), z.unknown()),
  });

export const emptyEnvelope = envelopeOf(z.null());

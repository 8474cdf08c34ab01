import { z } from 'zod';

/** The response envelope every endpoint writes: { data, status, message, extra_info }. */
export function ok<T>(data: T, message = 'OK', status = 200) {
  return { data, status, message, extra_info: {} as Record<string, unknown> };
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    data,
    status: z.number().int(),
    message: z.string(),
    extra_info: z.record(z.string(), z.unknown()),
  });

export const emptyEnvelope = envelopeOf(z.null());

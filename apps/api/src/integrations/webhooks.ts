import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Checks a webhook's `t=<seconds>,v1=<hex>` signature: HMAC-SHA256 over "t.rawBody" with the shared
 * secret, compared in constant time, and a timestamp within `toleranceSeconds` of now (replays of an
 * old delivery are refused).
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(m[2] as string, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A webhook from a system outside our walls (the card gateway, the MVNE): its signature over the raw
 * body, checked with real time for the replay window (not the application clock tests may move),
 * then the parts of it `schema` reads. Anything else is a 400: the sender has nothing to retry.
 */
export function readSignedEvent<S extends z.ZodType>(
  secret: string,
  raw: string,
  signature: string | undefined,
  schema: S,
): z.infer<S> {
  if (!verifyWebhookSignature(secret, raw, signature, Math.floor(Date.now() / 1000)))
    throw new AppError(400, 'Invalid signature');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError(400, 'Invalid JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(400, 'Invalid event');
  return parsed.data;
}

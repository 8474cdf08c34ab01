import { bundleMonth } from '@selfcare/domain';
import { type LineProduct, offeringOf, productStatus } from './product-book.ts';
import type { Allowances, Balances } from './rating.ts';
import {
  BUCKET_DATA,
  BUCKET_ROAMING_DATA,
  BUCKET_ROLLOVER,
  BUCKET_SMS,
  BUCKET_VOICE,
  bucketId,
  monthKey,
} from './usage-log.ts';

/** A balance bucket as TMF677 usage consumption gives it. */
export interface UsageBucket {
  id: string;
  name: string;
  usageType: 'data' | 'voice' | 'sms';
  /** Where it counts: at home, abroad, or for calls and SMS to numbers abroad. */
  scope: 'local' | 'roaming' | 'idd';
  /** The plan's, data carried over from last month, or a product's (add-on, booster, pack). */
  origin: 'plan' | 'rollover' | 'addon';
  /** A shareable product's bucket, drawn by every line it serves: it names no one service. */
  isShared: boolean;
  serviceId: string | null;
  size: number;
  remaining: number;
  units: 'BYTES' | 'SECONDS' | 'EVENTS';
  /** From when to when it may be drawn; a one-time product ordered with no end has none (null). */
  validFor: { startDateTime: string; endDateTime: string | null };
  /** A product's bucket: the product (TMF637) it belongs to and its name in the catalog. */
  product?: { id: string; name: string };
}

/** A line's plan buckets of its bundle month: unlimited allowances have none, nor has no rollover. */
export function planBuckets(
  serviceId: string,
  monthStart: number,
  a: Allowances,
  b: Balances,
): UsageBucket[] {
  const month = bundleMonth(new Date(monthStart));
  const validFor = { startDateTime: month.start.toISOString(), endDateTime: month.end.toISOString() };
  const bucket = (
    code: number,
    name: string,
    usageType: UsageBucket['usageType'],
    size: number,
    remaining: number,
  ): UsageBucket => ({
    id: bucketId(serviceId, monthStart, code),
    name,
    usageType,
    scope: code === BUCKET_ROAMING_DATA ? 'roaming' : 'local',
    origin: code === BUCKET_ROLLOVER ? 'rollover' : 'plan',
    isShared: false,
    serviceId,
    size,
    remaining: Math.max(0, remaining),
    units: usageType === 'data' ? 'BYTES' : usageType === 'voice' ? 'SECONDS' : 'EVENTS',
    validFor,
  });
  const out: UsageBucket[] = [];
  if (a.data !== null) out.push(bucket(BUCKET_DATA, 'Local data', 'data', a.data, b.data));
  if (b.rolloverSize > 0)
    out.push(bucket(BUCKET_ROLLOVER, 'Rollover data', 'data', b.rolloverSize, b.rollover));
  if (a.voice !== null) out.push(bucket(BUCKET_VOICE, 'Local talk time', 'voice', a.voice, b.voice));
  if (a.sms !== null) out.push(bucket(BUCKET_SMS, 'Local SMS', 'sms', a.sms, b.sms));
  if (a.roamingData > 0)
    out.push(bucket(BUCKET_ROAMING_DATA, 'Roaming data', 'data', a.roamingData, b.roamingData));
  return out;
}

/**
 * A product's bucket as it stands at `now` for a line it serves, or null when it has none then (a
 * feature with no allowance, not started yet, or terminated). A monthly product's bucket is that
 * of the bundle month, `${productId}:${YYYY-MM}`, valid from the 1st (or the product's start) to the
 * next 1st (or its end); a one-time product's is `${productId}`, valid from its start to its end.
 * Both ids are the same for every line a shared product serves.
 */
export function productBucket(p: LineProduct, serviceId: string, now: number): UsageBucket | null {
  const offering = offeringOf(p);
  const a = offering.allowance;
  if (!a || Date.parse(p.startDate) > now || productStatus(p, now) === 'terminated') return null;
  const monthly = offering.recurring === 'monthly';
  let validFor = { startDateTime: p.startDate, endDateTime: p.terminationDate };
  if (monthly) {
    const month = bundleMonth(new Date(p.month));
    const end = p.terminationDate ? Math.min(month.end.getTime(), Date.parse(p.terminationDate)) : month.end;
    validFor = {
      startDateTime: new Date(Math.max(month.start.getTime(), Date.parse(p.startDate))).toISOString(),
      endDateTime: new Date(end).toISOString(),
    };
  }
  return {
    id: monthly ? `${p.id}:${monthKey(p.month)}` : p.id,
    name: offering.name,
    usageType: a.usageType,
    scope: a.scope,
    origin: 'addon',
    isShared: offering.shareable,
    serviceId: offering.shareable ? null : serviceId,
    size: a.size,
    remaining: Math.max(0, p.remaining),
    units: a.units,
    validFor,
    product: { id: p.id, name: offering.name },
  };
}

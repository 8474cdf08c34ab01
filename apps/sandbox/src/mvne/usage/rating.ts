import { BYTES_PER_GB } from '@selfcare/domain';
import type { MvnePlan } from './plans.ts';
import type { LineProducts, ProductDraw } from './product-draws.ts';
import {
  DIRECTION_OUT,
  IDD_COUNTRIES,
  KIND_DATA,
  KIND_VOICE,
  ROAMING_COUNTRIES,
  SCOPE_IDD,
  SCOPE_ROAMING,
  type TrafficEvent,
} from './traffic.ts';
import {
  BUCKET_DATA,
  BUCKET_NONE,
  BUCKET_ROAMING_DATA,
  BUCKET_ROLLOVER,
  BUCKET_SMS,
  BUCKET_VOICE,
  type RatedEvent,
} from './usage-log.ts';

/**
 * Pay-per-use rates, in cents, for what no bucket covers: local data beyond the plan per started MB
 * ($10.24 a GB), local calls beyond the plan per started minute, each local SMS beyond the plan, each
 * SMS to a number abroad. IDD calls and everything abroad are priced by country (traffic.ts); with
 * the IDD Saver an IDD call's per-minute rate is halved, the half rounded up to a whole cent.
 */
export const LOCAL_DATA_CENTS_PER_MB = 1;
export const LOCAL_CALL_CENTS_PER_MINUTE = 5;
export const LOCAL_SMS_CENTS = 5;
export const IDD_SMS_CENTS = 15;

const MB = 1024 * 1024;
const perMb = (bytes: number, cents: number) => Math.ceil(bytes / MB) * cents;
const perMinute = (seconds: number, cents: number) => Math.ceil(seconds / 60) * cents;

/** A plan's monthly buckets in their units; null is unlimited, 0 roaming data is none. */
export interface Allowances {
  data: number | null;
  voice: number | null;
  sms: number | null;
  roamingData: number;
}

export const allowancesOf = (plan: MvnePlan): Allowances => ({
  data: plan.dataGb === null ? null : plan.dataGb * BYTES_PER_GB,
  voice: plan.talkMinutes === null ? null : plan.talkMinutes * 60,
  sms: plan.sms,
  roamingData: plan.roamingGb * BYTES_PER_GB,
});

/** What is left in a line's buckets of the month; a rollover bucket of size 0 is none. */
export interface Balances {
  data: number;
  voice: number;
  sms: number;
  roamingData: number;
  rolloverSize: number;
  rollover: number;
  /** The roaming charged this bundle month (data, calls and SMS abroad), in cents: what a spend cap counts. */
  roamingSpent: number;
}

/** Full buckets for a new month, and no roaming charged in it yet. */
export function fill(b: Balances, a: Allowances) {
  b.data = a.data ?? 0;
  b.voice = a.voice ?? 0;
  b.sms = a.sms ?? 0;
  b.roamingData = a.roamingData;
  b.roamingSpent = 0;
}

/** A line as the rating sees it during an hour: its plan, balances, options and product buckets. */
export interface RatingLine {
  /** Its index in the record log. */
  service: number;
  allowances: Allowances;
  balances: Balances;
  stopDataAtLimit: boolean;
  /** The most roaming the line may be charged in a bundle month, in cents; null for no cap. */
  roamingCapCents: number | null;
  products: LineProducts;
}

/** The record being rated, reused: rating a million events allocates nothing per event. */
const record: RatedEvent = {
  at: 0,
  service: 0,
  kind: 0,
  direction: 0,
  scope: 0,
  country: 'SG',
  origin: '',
  volume: 0,
  bucket: BUCKET_NONE,
  outOfBundle: 0,
  chargeCents: 0,
};
const NO_DRAWS: readonly ProductDraw[] = [];

/**
 * Rates one event against the line's buckets, drawing them down, and hands over the records it
 * makes (`write` must copy what it keeps). Each record draws from one bucket, so a session spanning
 * buckets makes one record per bucket: rollover data in a record of its own, then one for the plan's
 * and one for each product bucket it used, the charged rest that no bucket covered (`outOfBundle`)
 * riding on the last of those, or in a record of its own (with no bucket) when none was used. None at
 * all when the network refused the session: local data stopped at the limit, or roaming data beyond
 * the spend cap. Free use (incoming at home, an unlimited allowance, an incoming SMS abroad) has no
 * out-of-bundle volume; an incoming call or SMS at home from a number abroad is as free as any
 * other at home, its record naming the caller's country.
 *
 * Local data draws on rollover data, then the plan's, then the line's local product buckets (shared
 * ones too) earliest end first. Roaming data draws on the product buckets covering the country,
 * earliest end first, then the plan's roaming data. An outgoing IDD call draws on IDD minutes and an
 * SMS to a number abroad on global SMS before either is charged.
 */
export function rate(e: TrafficEvent, at: number, line: RatingLine, write: (r: RatedEvent) => void) {
  const roaming = e.scope === SCOPE_ROAMING ? ROAMING_COUNTRIES[e.country] : undefined;
  const idd = e.scope === SCOPE_IDD ? IDD_COUNTRIES[e.country] : undefined;
  const r = record;
  r.at = at;
  r.service = line.service;
  r.kind = e.kind;
  r.direction = e.direction;
  r.scope = e.scope;
  r.country = roaming?.country ?? idd?.country ?? 'SG';
  r.origin = e.origin >= 0 ? (IDD_COUNTRIES[e.origin]?.country ?? '') : '';
  r.volume = e.volume;
  r.bucket = BUCKET_NONE;
  r.outOfBundle = 0;
  r.chargeCents = 0;
  const b = line.balances;

  if (e.kind === KIND_DATA) {
    if (roaming) return rateRoamingData(r, roaming.dataCentsPerMb, e.country, line, write);
    return rateLocalData(r, line, write);
  }
  const voice = e.kind === KIND_VOICE;
  const out = e.direction === DIRECTION_OUT;
  if (roaming) {
    // Abroad, no bucket: charged in full (an incoming SMS abroad is free), and counted for the cap.
    let cents = -1;
    if (voice) cents = perMinute(e.volume, out ? roaming.callOutPerMinute : roaming.callInPerMinute);
    else if (out) cents = roaming.smsOut;
    if (cents >= 0) {
      r.outOfBundle = e.volume;
      r.chargeCents = cents;
      b.roamingSpent += cents;
    }
    return write(r);
  }
  if (idd) {
    const p = line.products;
    const left = drawProducts(r, voice ? p.iddVoice : p.iddSms, startDraw(r), write);
    const perMin = p.iddSaver ? Math.ceil(idd.centsPerMinute / 2) : idd.centsPerMinute;
    return finish(r, left, voice ? perMinute(left, perMin) : left * IDD_SMS_CENTS, write);
  }
  const allowance = voice ? line.allowances.voice : line.allowances.sms;
  if (!out || allowance === null) return write(r);
  const covered = Math.min(voice ? b.voice : b.sms, e.volume);
  if (voice) b.voice -= covered;
  else b.sms -= covered;
  r.bucket = covered > 0 ? (voice ? BUCKET_VOICE : BUCKET_SMS) : BUCKET_NONE;
  r.outOfBundle = e.volume - covered;
  r.chargeCents = voice
    ? perMinute(r.outOfBundle, LOCAL_CALL_CENTS_PER_MINUTE)
    : r.outOfBundle * LOCAL_SMS_CENTS;
  write(r);
}

function rateLocalData(r: RatedEvent, line: RatingLine, write: (r: RatedEvent) => void) {
  const { balances: b, products } = line;
  if (line.allowances.data === null) return write(r);
  let left = startDraw(r);
  if (line.stopDataAtLimit) {
    // Stopped at the limit: the session gets what every data bucket of the line still holds.
    let held = b.rollover + b.data;
    for (let i = 0; i < products.localData.length; i++)
      held += (products.localData[i] as ProductDraw).balance.remaining;
    left = Math.min(left, held);
    if (left <= 0) return;
  }
  const fromRollover = Math.min(b.rollover, left);
  if (fromRollover > 0) {
    b.rollover -= fromRollover;
    left -= fromRollover;
    r.bucket = BUCKET_ROLLOVER;
    r.volume = fromRollover;
    write(r);
    r.bucket = BUCKET_NONE;
    r.volume = 0;
    if (left <= 0) return;
  }
  const fromPlan = Math.min(b.data, left);
  if (fromPlan > 0) {
    b.data -= fromPlan;
    left -= fromPlan;
    draw(r, BUCKET_DATA, fromPlan, write);
  }
  left = drawProducts(r, products.localData, left, write);
  finish(r, left, perMb(left, LOCAL_DATA_CENTS_PER_MB), write);
}

function rateRoamingData(
  r: RatedEvent,
  centsPerMb: number,
  country: number,
  line: RatingLine,
  write: (r: RatedEvent) => void,
) {
  const b = line.balances;
  let left = drawProducts(r, line.products.roamingData[country] ?? NO_DRAWS, startDraw(r), write);
  const fromPlan = Math.min(b.roamingData, left);
  if (fromPlan > 0) {
    b.roamingData -= fromPlan;
    left -= fromPlan;
    draw(r, BUCKET_ROAMING_DATA, fromPlan, write);
  }
  const cap = line.roamingCapCents;
  if (left > 0 && cap !== null && perMb(left, centsPerMb) > cap - b.roamingSpent) {
    // At the spend cap the network lets through only the whole MB still within it, if any.
    left = Math.min(left, Math.floor(Math.max(0, cap - b.roamingSpent) / centsPerMb) * MB);
  }
  const cents = perMb(left, centsPerMb);
  b.roamingSpent += cents;
  finish(r, left, cents, write);
}

/** Empties the record for drawing; the event's volume, still to be drawn. */
function startDraw(r: RatedEvent): number {
  const volume = r.volume;
  r.volume = 0;
  return volume;
}

/** Hands over the record drawn so far, if any, and starts the next one on bucket `code`. */
function draw(r: RatedEvent, code: number, amount: number, write: (r: RatedEvent) => void) {
  if (r.volume > 0) write(r);
  r.bucket = code;
  r.volume = amount;
}

/** Draws up to `left` from the product buckets in order; what is still left to draw. */
function drawProducts(
  r: RatedEvent,
  draws: readonly ProductDraw[],
  left: number,
  write: (r: RatedEvent) => void,
): number {
  for (let i = 0; i < draws.length && left > 0; i++) {
    const d = draws[i] as ProductDraw;
    const take = Math.min(d.balance.remaining, left);
    if (take <= 0) continue;
    d.balance.remaining -= take;
    left -= take;
    draw(r, d.code, take, write);
  }
  return left;
}

/** Adds the charged rest to the record drawn last (or a record of its own) and hands it over. */
function finish(r: RatedEvent, rest: number, cents: number, write: (r: RatedEvent) => void) {
  r.volume += rest;
  r.outOfBundle = rest;
  r.chargeCents = cents;
  if (r.volume > 0) write(r);
}

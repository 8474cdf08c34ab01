import { BYTES_PER_GB, drawData } from '@selfcare/domain';
import type { MvnePlan } from './plans.ts';
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
 * SMS to a number abroad. IDD calls and everything abroad are priced by country (traffic.ts).
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
}

/** Full buckets for a new month. */
export function fill(b: Balances, a: Allowances) {
  b.data = a.data ?? 0;
  b.voice = a.voice ?? 0;
  b.sms = a.sms ?? 0;
  b.roamingData = a.roamingData;
}

/** The record being rated, reused: rating a million events allocates nothing per event. */
const record: RatedEvent = {
  at: 0,
  service: 0,
  kind: 0,
  direction: 0,
  scope: 0,
  country: 'SG',
  volume: 0,
  bucket: BUCKET_NONE,
  outOfBundle: 0,
  chargeCents: 0,
};

/**
 * Rates one event against the line's buckets, drawing them down, and hands over the records it
 * makes (`write` must copy what it keeps): none when the network refused the session (data stopped
 * at the limit), two when a data session used up the rollover bucket and went on in the plan's, so
 * that each record draws from one bucket. `outOfBundle` is the charged volume no bucket covered;
 * free use (incoming at home, an unlimited allowance, an incoming SMS abroad) has none.
 */
export function rate(
  e: TrafficEvent,
  at: number,
  service: number,
  a: Allowances,
  b: Balances,
  stopDataAtLimit: boolean,
  write: (r: RatedEvent) => void,
) {
  const roaming = e.scope === SCOPE_ROAMING ? ROAMING_COUNTRIES[e.country] : undefined;
  const idd = e.scope === SCOPE_IDD ? IDD_COUNTRIES[e.country] : undefined;
  const r = record;
  r.at = at;
  r.service = service;
  r.kind = e.kind;
  r.direction = e.direction;
  r.scope = e.scope;
  r.country = roaming?.country ?? idd?.country ?? 'SG';
  r.volume = e.volume;
  r.bucket = BUCKET_NONE;
  r.outOfBundle = 0;
  r.chargeCents = 0;
  const out = e.direction === DIRECTION_OUT;

  if (e.kind === KIND_DATA) {
    if (roaming) {
      const covered = Math.min(b.roamingData, e.volume);
      b.roamingData -= covered;
      r.bucket = covered > 0 ? BUCKET_ROAMING_DATA : BUCKET_NONE;
      r.outOfBundle = e.volume - covered;
      r.chargeCents = perMb(r.outOfBundle, roaming.dataCentsPerMb);
      return write(r);
    }
    if (a.data === null) return write(r);
    const volume = stopDataAtLimit ? Math.min(e.volume, b.rollover + b.data) : e.volume;
    if (volume <= 0) return;
    const drawn = drawData({ rollover: b.rollover, plan: b.data }, volume);
    const fromRollover = b.rollover - drawn.rollover;
    const fromPlan = b.data - drawn.plan;
    b.rollover = drawn.rollover;
    b.data = drawn.plan;
    if (fromRollover > 0) {
      r.volume = fromRollover;
      r.bucket = BUCKET_ROLLOVER;
      write(r);
    }
    const rest = volume - fromRollover;
    if (rest > 0) {
      r.volume = rest;
      r.bucket = fromPlan > 0 ? BUCKET_DATA : BUCKET_NONE;
      r.outOfBundle = drawn.outOfBundle;
      r.chargeCents = perMb(drawn.outOfBundle, LOCAL_DATA_CENTS_PER_MB);
      write(r);
    }
    return;
  }

  const voice = e.kind === KIND_VOICE;
  let cents = -1;
  if (roaming) {
    if (voice) cents = perMinute(e.volume, out ? roaming.callOutPerMinute : roaming.callInPerMinute);
    else if (out) cents = roaming.smsOut;
  } else if (idd) cents = voice ? perMinute(e.volume, idd.centsPerMinute) : IDD_SMS_CENTS;
  if (roaming || idd) {
    // Abroad and to numbers abroad, no bucket: charged in full (an incoming SMS abroad is free).
    if (cents >= 0) {
      r.outOfBundle = e.volume;
      r.chargeCents = cents;
    }
    return write(r);
  }
  const allowance = voice ? a.voice : a.sms;
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

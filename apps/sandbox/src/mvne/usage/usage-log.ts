import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { bundleMonth } from '@selfcare/domain';

/** Bucket codes of a record: which of its line's buckets of the month it drew from (0: none). */
export const BUCKET_NONE = 0;
export const BUCKET_DATA = 1;
export const BUCKET_ROLLOVER = 2;
export const BUCKET_VOICE = 3;
export const BUCKET_SMS = 4;
export const BUCKET_ROAMING_DATA = 5;
const BUCKET_SUFFIX = ['', 'data', 'rollover', 'voice', 'sms', 'roamingData'] as const;
/**
 * Codes from 8 on name the line's product buckets: 8 + the product's slot in the line's list of
 * products (6 and 7 are kept free). A code is one byte, so a line can be given at most 248 products
 * in its life; a slot is never reused, since records name their bucket by it.
 */
export const BUCKET_PRODUCT_FIRST = 8;
export const MAX_PRODUCT_SLOTS = 256 - BUCKET_PRODUCT_FIRST;

const SG_OFFSET_MS = 8 * 3600_000;
/** A bundle month as bucket ids name it: the Singapore year and month of its start, `2026-03`. */
export const monthKey = (monthStartMs: number) =>
  new Date(monthStartMs + SG_OFFSET_MS).toISOString().slice(0, 7);
/** A plan bucket's id: stable for the line, the month and the kind of bucket. */
export const bucketId = (serviceId: string, monthStartMs: number, code: number) =>
  `${serviceId}:${monthKey(monthStartMs)}:${BUCKET_SUFFIX[code]}`;

const KINDS = ['data', 'voice', 'sms'] as const;
/** `MM:SS.000Z` for each second of an hour. */
const SECOND_OF_HOUR = Array.from(
  { length: 3600 },
  (_, s) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000Z`,
);
const UNITS = ['BYTES', 'SECONDS', 'EVENTS'] as const;
const DIRECTIONS = [null, 'outgoing', 'incoming'] as const;
const SCOPES = ['local', 'idd', 'roaming'] as const;
/**
 * A flag bit of a record (above kind, direction and scope): an incoming call or SMS at home from a
 * number abroad. Such a record's country column holds the caller's country; the record's country is
 * home, as that of every record at home.
 */
const FROM_ABROAD = 1 << 6;
const HOME = 'SG';

/** One rated event as TMF635 usage records give it. */
export interface UsageRecordView {
  sequence: number;
  id: string;
  usageDate: string;
  usageType: (typeof KINDS)[number];
  serviceId: string;
  direction: (typeof DIRECTIONS)[number];
  scope: (typeof SCOPES)[number];
  country: string;
  /**
   * Only on an incoming call or SMS at home from a number abroad: the caller's country (ISO 3166
   * alpha-2). Absent on every other record.
   */
  originCountry?: string;
  volume: number;
  units: (typeof UNITS)[number];
  bucketId: string | null;
  outOfBundle: number;
  chargeCents: number;
}

/** What the generator writes for an event; kind, direction and scope are the traffic module's codes. */
export interface RatedEvent {
  /** Unix seconds of the start. */
  at: number;
  service: number;
  kind: number;
  direction: number;
  scope: number;
  /** ISO 3166 alpha-2. */
  country: string;
  /** The caller's country (ISO 3166 alpha-2) of an incoming call or SMS at home from abroad; '' otherwise. */
  origin: string;
  volume: number;
  bucket: number;
  outOfBundle: number;
  chargeCents: number;
}

/**
 * Bytes per record in the log file, little-endian: start (u32 unix seconds), service index (u32),
 * kind | direction << 2 | scope << 4 | from abroad << 6 (u8), bucket code (u8), country (2 ASCII
 * bytes: the caller's for a record from abroad), volume (u32), out of bundle (u32), charge in cents
 * (u32). A file written before records from abroad existed reads the same: none has the bit.
 */
export const RECORD_BYTES = 24;
const INITIAL_CAPACITY = 1 << 16;

/**
 * The MVNE's usage records: an append-only log in columns of typed arrays (about 24 bytes a record,
 * so a million records cost some 24 MB), written through to a fixed-width binary file when one is
 * given. A record's sequence is its position in the log, from 1.
 */
export class UsageLog {
  private capacity = INITIAL_CAPACITY;
  private length = 0;
  /** Records up to here are in the file. */
  private written = 0;
  private at = new Uint32Array(this.capacity);
  private service = new Uint32Array(this.capacity);
  private flags = new Uint8Array(this.capacity);
  private bucket = new Uint8Array(this.capacity);
  private country = new Uint16Array(this.capacity);
  private volume = new Uint32Array(this.capacity);
  private outOfBundle = new Uint32Array(this.capacity);
  private charge = new Uint32Array(this.capacity);

  /**
   * Reads the file back, keeping at most `keep` records: the ones the generation state accounts for.
   * Anything after them (written before a crash, ahead of the state) is cut off, never served twice.
   */
  constructor(
    private readonly file?: string,
    keep = 0,
  ) {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file)) {
      writeFileSync(file, '');
      return;
    }
    const bytes = readFileSync(file);
    const n = Math.min(Math.floor(bytes.length / RECORD_BYTES), keep);
    if (bytes.length !== n * RECORD_BYTES) truncateSync(file, n * RECORD_BYTES);
    this.grow(n);
    const view = new DataView(bytes.buffer, bytes.byteOffset, n * RECORD_BYTES);
    for (let i = 0, o = 0; i < n; i++, o += RECORD_BYTES) {
      this.at[i] = view.getUint32(o, true);
      this.service[i] = view.getUint32(o + 4, true);
      this.flags[i] = view.getUint8(o + 8);
      this.bucket[i] = view.getUint8(o + 9);
      this.country[i] = view.getUint16(o + 10, true);
      this.volume[i] = view.getUint32(o + 12, true);
      this.outOfBundle[i] = view.getUint32(o + 16, true);
      this.charge[i] = view.getUint32(o + 20, true);
    }
    this.length = this.written = n;
  }

  /** The newest sequence stored (0 when empty). */
  get lastSequence(): number {
    return this.length;
  }

  append(e: RatedEvent): number {
    if (this.length === this.capacity) this.grow(this.capacity * 2);
    const i = this.length++;
    this.at[i] = e.at;
    this.service[i] = e.service;
    const country = e.origin || e.country;
    this.flags[i] = e.kind | (e.direction << 2) | (e.scope << 4) | (e.origin ? FROM_ABROAD : 0);
    this.bucket[i] = e.bucket;
    this.country[i] = (country.charCodeAt(0) << 8) | country.charCodeAt(1);
    this.volume[i] = e.volume;
    this.outOfBundle[i] = e.outOfBundle;
    this.charge[i] = e.chargeCents;
    return this.length;
  }

  /** Appends the records not yet in the file to it. */
  flush() {
    if (!this.file || this.written === this.length) return;
    const n = this.length - this.written;
    const buf = Buffer.alloc(n * RECORD_BYTES);
    for (let i = this.written, o = 0; i < this.length; i++, o += RECORD_BYTES) {
      buf.writeUInt32LE(this.at[i] as number, o);
      buf.writeUInt32LE(this.service[i] as number, o + 4);
      buf.writeUInt8(this.flags[i] as number, o + 8);
      buf.writeUInt8(this.bucket[i] as number, o + 9);
      buf.writeUInt16LE(this.country[i] as number, o + 10);
      buf.writeUInt32LE(this.volume[i] as number, o + 12);
      buf.writeUInt32LE(this.outOfBundle[i] as number, o + 16);
      buf.writeUInt32LE(this.charge[i] as number, o + 20);
    }
    appendFileSync(this.file, buf);
    this.written = this.length;
  }

  /**
   * The records after sequence `after`, oldest first, at most `limit`, as plain objects ready for
   * JSON. `serviceIds` names the log's service indexes; `productBucket` names a product bucket from
   * the record's service index, the product's slot on that line and the bundle month (`2026-03`).
   */
  page(
    after: number,
    limit: number,
    serviceIds: readonly string[],
    productBucket: (service: number, slot: number, month: string) => string,
  ): UsageRecordView[] {
    const out: UsageRecordView[] = [];
    const end = Math.min(this.length, after + limit);
    let monthStart = 0;
    let monthEnd = 0;
    let key = '';
    const countries = new Map<number, string>();
    let hour = -1;
    let hourPrefix = '';
    for (let i = Math.max(0, after); i < end; i++) {
      const seconds = this.at[i] as number;
      const ms = seconds * 1000;
      // ISO dates by hour prefix and second-of-hour suffix: formatting each date costs more than the rest.
      if (Math.floor(seconds / 3600) !== hour) {
        hour = Math.floor(seconds / 3600);
        hourPrefix = new Date(hour * 3600_000).toISOString().slice(0, 14);
      }
      if (ms < monthStart || ms >= monthEnd) {
        const month = bundleMonth(new Date(ms));
        [monthStart, monthEnd, key] = [
          month.start.getTime(),
          month.end.getTime(),
          monthKey(month.start.getTime()),
        ];
      }
      const f = this.flags[i] as number;
      const kind = f & 3;
      const c = this.country[i] as number;
      let country = countries.get(c);
      if (country === undefined) {
        country = String.fromCharCode(c >> 8, c & 0xff);
        countries.set(c, country);
      }
      const service = this.service[i] as number;
      const serviceId = serviceIds[service] as string;
      const b = this.bucket[i] as number;
      const record: UsageRecordView = {
        sequence: i + 1,
        id: `U-${i + 1}`,
        usageDate: hourPrefix + (SECOND_OF_HOUR[seconds % 3600] as string),
        usageType: KINDS[kind] as UsageRecordView['usageType'],
        serviceId,
        direction: DIRECTIONS[(f >> 2) & 3] as UsageRecordView['direction'],
        scope: SCOPES[(f >> 4) & 3] as UsageRecordView['scope'],
        country: f & FROM_ABROAD ? HOME : country,
        volume: this.volume[i] as number,
        units: UNITS[kind] as UsageRecordView['units'],
        bucketId:
          b >= BUCKET_PRODUCT_FIRST
            ? productBucket(service, b - BUCKET_PRODUCT_FIRST, key)
            : b
              ? `${serviceId}:${key}:${BUCKET_SUFFIX[b]}`
              : null,
        outOfBundle: this.outOfBundle[i] as number,
        chargeCents: this.charge[i] as number,
      };
      if (f & FROM_ABROAD) record.originCountry = country;
      out.push(record);
    }
    return out;
  }

  private grow(min: number) {
    if (min <= this.capacity) return;
    const capacity = Math.max(INITIAL_CAPACITY, min);
    const copy = <T extends Uint8Array | Uint16Array | Uint32Array>(old: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(old.subarray(0, this.length));
      return next;
    };
    this.at = copy(this.at, (n) => new Uint32Array(n));
    this.service = copy(this.service, (n) => new Uint32Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.bucket = copy(this.bucket, (n) => new Uint8Array(n));
    this.country = copy(this.country, (n) => new Uint16Array(n));
    this.volume = copy(this.volume, (n) => new Uint32Array(n));
    this.outOfBundle = copy(this.outOfBundle, (n) => new Uint32Array(n));
    this.charge = copy(this.charge, (n) => new Uint32Array(n));
    this.capacity = capacity;
  }
}

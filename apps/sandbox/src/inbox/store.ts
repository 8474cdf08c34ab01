import { randomUUID } from 'node:crypto';
import type { SmsEncoding } from '@selfcare/domain';

export interface InboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'push';
  to: string;
  from: string;
  subject: string | null;
  text: string;
  html: string | null;
  receivedAt: string;
  /** How many times the message arrived, when more than once (the same Message-ID again). */
  copies?: number;
  /** An SMS's encoding, as the gateway sent it, and the messages it took (the parts of a long one). */
  encoding?: SmsEncoding;
  segments?: number;
}

/** Addresses compare without case, spaces or a leading '+', so '+65 9123 4567' finds '+6591234567'. */
export const normalizeAddress = (to: string) =>
  to.trim().toLowerCase().replace(/\s+/g, '').replace(/^\+/, '');

/** What the sandbox received, newest first; the oldest are dropped past `capacity`. */
export class InboxStore {
  private readonly messages: InboxMessage[] = [];

  constructor(private readonly capacity = 5000) {}

  add(m: Omit<InboxMessage, 'id' | 'receivedAt'>): InboxMessage {
    const message = { ...m, id: randomUUID(), receivedAt: new Date().toISOString() };
    this.messages.unshift(message);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
    return message;
  }

  list(to?: string): InboxMessage[] {
    if (!to) return [...this.messages];
    const wanted = normalizeAddress(to);
    return this.messages.filter((m) => normalizeAddress(m.to) === wanted);
  }

  clear(): void {
    this.messages.length = 0;
  }
}

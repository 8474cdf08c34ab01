import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Faults } from '../faults/faults.ts';
import { InboxStore } from '../inbox/store.ts';
import { createSmtpServer } from './server.ts';

const store = new InboxStore();
const server = createSmtpServer(store, new Faults());
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (to: string[], messageId?: string) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
    from: 'portal@example.com',
    to,
    subject: 'Hello',
    text: 'Hi',
    ...(messageId ? { messageId } : {}),
  });

describe('the sandbox SMTP server', () => {
  it('files a message once per recipient, however often it is sent with the same Message-ID', async () => {
    await send(['a@example.com', 'b@example.com'], '<job-1@selfcare>');
    await send(['a@example.com'], '<job-1@selfcare>');
    await send(['b@example.com', 'c@example.com'], '<job-1@selfcare>');
    expect(store.list('a@example.com')).toHaveLength(1);
    expect(store.list('a@example.com')[0]?.copies).toBe(2);
    expect(store.list('b@example.com')).toHaveLength(1);
    // A recipient the earlier sends did not reach gets it.
    expect(store.list('c@example.com')).toHaveLength(1);
    await send(['a@example.com'], '<job-2@selfcare>');
    expect(store.list('a@example.com')).toHaveLength(2);
  });
});

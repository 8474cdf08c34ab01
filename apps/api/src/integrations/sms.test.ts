import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '@selfcare/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsClient } from './sms.ts';

/** A provider that records each request and answers 201. */
let provider: Server;
let providerUrl = '';
const received: { headers: IncomingHttpHeaders; body: unknown }[] = [];
let sandbox: Sandbox;

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(body) });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"m1"}');
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/messages`;
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, smsApiKey: 'test-sms-key' });
});
afterAll(async () => {
  await sandbox.stop();
  await new Promise((r) => provider.close(r));
});

describe('the SMS client', () => {
  it('sends the encoding the text needs beside it: GSM-7 for English, UCS-2 for Chinese, Tamil or a curly quote', async () => {
    const sms = new SmsClient(providerUrl, 'key-1', 'Selfcare');
    await sms.send('+6591234567', '123456 is your Selfcare Mobile login code.', 'job-1');
    await sms.send('+6591234567', '123456 是您的登录验证码', 'job-2');
    await sms.send('+6591234567', 'உங்கள் குறியீடு 123456', 'job-3');
    await sms.send('+6591234567', 'It’s done', 'job-4');
    expect(received.map((r) => r.body)).toEqual([
      {
        to: '+6591234567',
        from: 'Selfcare',
        text: '123456 is your Selfcare Mobile login code.',
        encoding: 'GSM-7',
      },
      { to: '+6591234567', from: 'Selfcare', text: '123456 是您的登录验证码', encoding: 'UCS-2' },
      { to: '+6591234567', from: 'Selfcare', text: 'உங்கள் குறியீடு 123456', encoding: 'UCS-2' },
      { to: '+6591234567', from: 'Selfcare', text: 'It’s done', encoding: 'UCS-2' },
    ]);
    expect(received[0]?.headers).toMatchObject({ authorization: 'Bearer key-1', 'idempotency-key': 'job-1' });
  });

  it('is taken by the sandbox gateway, which files each text with its encoding and segments', async () => {
    const sms = new SmsClient(`${sandbox.url}/sms/api/v1/messages`, 'test-sms-key', 'Selfcare');
    await sms.send('+6591112222', 'a'.repeat(161), 'job-5');
    await sms.send('+6591112222', '你'.repeat(70), 'job-6');
    expect(sandbox.store.list('+6591112222').map((m) => [m.encoding, m.segments])).toEqual([
      ['UCS-2', 1],
      ['GSM-7', 2],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';

let sandbox: Sandbox;
const KEY = 'test-sms-key';

beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, smsApiKey: KEY });
});
afterAll(() => sandbox.stop());

let numbers = 0;
/** A number of its own for each send, so that each test reads only its messages. */
const nextNumber = () => `+659100${String(++numbers).padStart(4, '0')}`;

async function send(body: Record<string, unknown>, key?: string) {
  const res = await fetch(`${sandbox.url}/sms/api/v1/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { id?: string; encoding?: string; segments?: number; error?: string },
  };
}

const inbox = async (to: string) =>
  (await (await fetch(`${sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as {
    text: string;
    encoding?: string;
    segments?: number;
  }[];

describe('the sandbox SMS gateway', () => {
  it('refuses a text GSM-7 cannot carry declared as GSM-7, naming the characters, and files nothing', async () => {
    const to = nextNumber();
    const res = await send({ to, from: 'Selfcare', text: '123456 是您的登录验证码', encoding: 'GSM-7' });
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('outside the GSM 03.38 alphabet');
    expect(res.body.error).toContain("'是' (U+662F)");
    expect(res.body.error).toContain("encoding 'UCS-2'");
    // One curly apostrophe is enough.
    expect((await send({ to, text: 'It’s here', encoding: 'GSM-7' })).status).toBe(422);
    expect(await inbox(to)).toEqual([]);
  });

  it('files a GSM-7 text with its encoding and its segments, 160 septets to one, 153 to a part', async () => {
    const to = nextNumber();
    const one = await send({ to, from: 'Selfcare', text: 'a'.repeat(160), encoding: 'GSM-7' });
    expect(one).toEqual({ status: 201, body: { id: expect.any(String), encoding: 'GSM-7', segments: 1 } });
    // Each € is an escape and its code: 2 × 80 = 160 septets, one past the single message with one more.
    const two = await send({ to, text: `${'€'.repeat(80)}!`, encoding: 'GSM-7' });
    expect(two.body).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(await inbox(to)).toEqual([
      expect.objectContaining({ text: `${'€'.repeat(80)}!`, encoding: 'GSM-7', segments: 2 }),
      expect.objectContaining({ text: 'a'.repeat(160), encoding: 'GSM-7', segments: 1 }),
    ]);
  });

  it('files a UCS-2 text with its segments, 70 units to one, 67 to a part', async () => {
    const to = nextNumber();
    const tamil = 'நன்றி'.repeat(14); // 70 UTF-16 units
    expect((await send({ to, text: tamil, encoding: 'UCS-2' })).body.segments).toBe(1);
    expect((await send({ to, text: `${tamil}!`, encoding: 'UCS-2' })).body.segments).toBe(2);
    expect((await send({ to, text: '你'.repeat(135), encoding: 'UCS-2' })).body.segments).toBe(3);
    expect((await inbox(to)).map((m) => [m.encoding, m.segments])).toEqual([
      ['UCS-2', 3],
      ['UCS-2', 2],
      ['UCS-2', 1],
    ]);
  });

  it('sends a GSM-7 text declared as UCS-2 as UCS-2, in more segments', async () => {
    const to = nextNumber();
    const res = await send({ to, text: 'a'.repeat(71), encoding: 'UCS-2' });
    expect(res.body).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('takes a text without an encoding as its own (clients written before the flag), and refuses an unknown one', async () => {
    const to = nextNumber();
    expect((await send({ to, text: 'Hello' })).body).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect((await send({ to, text: '你好' })).body).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    const unknown = await send({ to, text: 'Hello', encoding: 'utf-8' });
    expect(unknown).toEqual({ status: 422, body: { error: "encoding must be 'GSM-7' or 'UCS-2'" } });
    expect(await inbox(to)).toHaveLength(2);
  });

  it('answers a repeated idempotency key with the first answer, filed once', async () => {
    const to = nextNumber();
    const first = await send({ to, text: '你好', encoding: 'UCS-2' }, 'job-1');
    const again = await send({ to, text: '你好', encoding: 'UCS-2' }, 'job-1');
    expect(again).toEqual({ status: 200, body: { ...first.body, duplicate: true } });
    expect(await inbox(to)).toHaveLength(1);
  });

  it('shows each SMS with its encoding and segments on the inbox page', async () => {
    const to = nextNumber();
    await send({ to, text: '你'.repeat(71), encoding: 'UCS-2' });
    await send({ to, text: 'Hi', encoding: 'GSM-7' });
    const page = await (await fetch(`${sandbox.url}/inbox?to=${encodeURIComponent(to)}`)).text();
    expect(page).toContain('UCS-2, 2 segments');
    expect(page).toContain('GSM-7, 1 segment<');
  });
});

import { afterAll, beforeAll } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';

/** The MVNE's API key in a sandbox started without one given. */
export const MVNE_KEY = 'sandbox-mvne-key';
export const SERVICE_PATH = '/mvne/tmf-api/serviceActivationAndConfiguration/v4/service';

type Characteristics = { serviceCharacteristic: { name: string; value: string }[] };

/** A service's characteristics by name, from a TMF640 service as the MVNE answers it. */
export const characteristics = (body: Characteristics): Record<string, string> =>
  Object.fromEntries(body.serviceCharacteristic.map((c) => [c.name, c.value]));

/**
 * For a test file (or a describe block) of the MVNE's HTTP API: a sandbox of its own, started
 * before its tests (activation at once) and stopped after them, and `call`, which sends the API key
 * and JSON and answers the status and the parsed body.
 */
export function useMvneSandbox() {
  const held: { sandbox?: Sandbox } = {};
  beforeAll(async () => {
    held.sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, mvneActivationDelayMs: 0 });
  });
  afterAll(() => held.sandbox?.stop());
  const sandbox = () => held.sandbox as Sandbox;
  async function call(path: string, init: { method?: string; body?: unknown } = {}) {
    const res = await fetch(`${sandbox().url}${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        authorization: `Bearer ${MVNE_KEY}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  return { sandbox, call };
}

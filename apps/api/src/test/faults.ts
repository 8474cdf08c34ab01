import { expect } from 'vitest';
import { inject } from './inject.ts';

/**
 * Takes the sandbox MVNE down for the requests about one service (its id in their path) for up to
 * `seconds`, so the test files running beside this one go on; answers what brings it back.
 */
export async function mvneDownFor(serviceId: string, seconds = 120): Promise<() => Promise<void>> {
  const faults = `${inject('sandboxUrl')}/sandbox/api/faults`;
  const down = await fetch(faults, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'mvne', mode: 'down', seconds, match: serviceId }),
  });
  expect(down.status).toBe(200);
  return async () => {
    await fetch(`${faults}?system=mvne&match=${encodeURIComponent(serviceId)}`, { method: 'DELETE' });
  };
}

/** Makes a sandbox system fail (`down`, `slow`, `error`) for `seconds`, for every request. */
export async function sandboxFault(system: string, mode: string, seconds: number) {
  const res = await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system, mode, seconds }),
  });
  expect(res.status).toBe(200);
}

/** Ends every sandbox fault. */
export const clearSandboxFaults = () =>
  fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });

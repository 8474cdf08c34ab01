import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '../fulfilment.ts';
import { STAFF_REPLACEMENT_ACTIONS } from '../lost-sim.ts';
import { endpoints } from './index.ts';

describe('the contract', () => {
  const keys = new Set<string>(Object.keys(endpoints));

  it("has a call for each staff action on an order, at the action's path the console sends to", () => {
    for (const a of Object.values(STAFF_ACTIONS)) expect(keys).toContain(`POST /staff/orders/:id/${a.path}`);
  });

  it("has a call for each staff action on a lost SIM's replacement, at the same action's path", () => {
    for (const a of STAFF_REPLACEMENT_ACTIONS)
      expect(keys).toContain(`POST /staff/replacements/:id/${STAFF_ACTIONS[a].path}`);
  });

  it('keys each call by its method and a path under /api/v1, with a trailing slash only where the spec writes one', () => {
    const specWritesSlash = new Set(['POST /auth/activeAccount/']);
    for (const key of keys)
      expect(key).toMatch(
        specWritesSlash.has(key) ? /^POST \/[\w\-./:]*\/$/ : /^(GET|POST|PUT|DELETE) \/[\w\-./:]*[\w:]$/,
      );
  });
});

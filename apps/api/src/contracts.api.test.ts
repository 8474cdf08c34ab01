import { endpointAreas, endpoints } from '@selfcare/domain/endpoints';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from './route.ts';
import { createTestApp } from './test/harness.ts';

/**
 * Each call of the API is declared once, in the domain's contract (ADR 0044): every route the app
 * registers under /api/v1 is a contract entry, and every entry has its handler.
 */

const t = await createTestApp();
afterAll(() => t.close());

/** Every route the app registers, as 'METHOD /path', from fastify's own route tree. */
function registeredRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${m[2]}`;
    stack.push(m[2]!);
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

// Outside the contract: health, readiness and metrics for the operator, the documentation, the web app.
const OUTSIDE = [
  /^GET \/healthz$/,
  /^GET \/readyz$/,
  /^GET \/metrics$/,
  // The web app manifest and the brand's icons, which a browser reads, not the portal's code (ADR 0057).
  /^GET \/manifest\.webmanifest$/,
  /^GET \/brand-icons\/:file$/,
  /^GET \/api\/docs(\/|\*|$)/,
  /^GET \/\*$/,
  /^GET \/$/,
];

describe('the contract and the routes', () => {
  const keys = new Set<string>(Object.keys(endpoints));
  // The router ignores a trailing slash (the spec writes POST /auth/activeAccount/ with one): a key and
  // its route are the same call with or without it.
  const bare = (key: string) => key.replace(/(.)\/$/, '$1');
  const bareKeys = new Set([...keys].map(bare));

  it('registers no route under /api/v1 that the contract does not have', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(keys.size);
    const outside = routes
      .filter((r) => !OUTSIDE.some((o) => o.test(r)))
      .map((r) => r.replace(` ${API_BASE}/`, ' /'))
      .filter((key) => !bareKeys.has(bare(key)));
    expect(outside).toEqual([]);
  });

  it('has a handler for every entry of the contract', () => {
    const missing = [...keys].filter((key) => {
      const [method, path] = bare(key).split(' ') as [string, string];
      return !t.app.hasRoute({ method: method as 'GET', url: `${API_BASE}${path}` });
    });
    expect(missing).toEqual([]);
  });

  it('names each call in one area only', () => {
    const all = Object.values(endpointAreas).flatMap((area) => Object.keys(area));
    expect(all.length).toBe(new Set(all).size);
    expect(all.length).toBe(keys.size);
  });
});

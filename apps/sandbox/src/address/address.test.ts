import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
});
afterAll(() => sandbox.stop());

const search = (q: string) =>
  fetch(
    `${sandbox.url}/api/common/elastic/search?searchVal=${encodeURIComponent(q)}&returnGeom=N&getAddrDetails=Y&pageNum=1`,
  );

describe('OneMap search', () => {
  it('finds an address by postal code with its block, road and building', async () => {
    const res = await search('238801');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      found: 1,
      totalNumPages: 1,
      pageNum: 1,
      results: [
        {
          SEARCHVAL: 'ION ORCHARD',
          BLK_NO: '2',
          ROAD_NAME: 'ORCHARD TURN',
          BUILDING: 'ION ORCHARD',
          ADDRESS: '2 ORCHARD TURN ION ORCHARD SINGAPORE 238801',
          POSTAL: '238801',
        },
      ],
    });
  });

  it('finds nothing for an unknown code and answers 422 to a value it cannot read', async () => {
    expect(((await (await search('999999')).json()) as { found: number }).found).toBe(0);
    expect((await search('<script>')).status).toBe(422);
  });
});

describe('courier coverage', () => {
  it('does not deliver to Sentosa or Jurong Island', async () => {
    const coverage = async (postalCode: string) =>
      (
        (await (await fetch(`${sandbox.url}/courier/api/v1/coverage?postalCode=${postalCode}`)).json()) as {
          deliverable: boolean;
        }
      ).deliverable;
    expect(await coverage('238801')).toBe(true);
    expect(await coverage('098269')).toBe(false);
    expect(await coverage('627886')).toBe(false);
  });
});

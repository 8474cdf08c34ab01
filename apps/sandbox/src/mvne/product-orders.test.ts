import { describe, expect, it } from 'vitest';
import { SERVICE_PATH, useMvneSandbox } from './mvne-test-client.ts';
import type { UsageBucket } from './usage/network.ts';

const POM = '/mvne/tmf-api/productOrderingManagement/v4/productOrder';
const PIM = '/mvne/tmf-api/productInventory/v4/product';
const SERVICE = SERVICE_PATH;
const CONSUMPTION = '/mvne/tmf-api/usageConsumption/v4/queryUsageConsumption';

const { sandbox: started, call } = useMvneSandbox();

let msisdn = 85550000;
/** A live eSIM line on Lite 10 (activation takes no time here); its service id. */
async function line(): Promise<string> {
  const res = await call(SERVICE, {
    body: {
      externalId: `line-${++msisdn}`,
      serviceCharacteristic: [
        { name: 'MSISDN', value: String(msisdn) },
        { name: 'simType', value: 'eSIM' },
        { name: 'planCode', value: 'LITE-10' },
      ],
    },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

let orders = 0;
const changeOrder = (items: unknown[], externalId = `change-${++orders}`) =>
  call(POM, { body: { externalId, relatedParty: [{ id: 'cust-1' }], productOrderItem: items } });
const add = (offering: string, services: string[], extra: Record<string, string> = {}) => ({
  id: '1',
  action: 'add',
  product: { productOffering: { id: offering }, realizingService: services.map((id) => ({ id })), ...extra },
});
const buckets = async (ids: string[]) =>
  (await call(CONSUMPTION, { body: { searchCriteria: { serviceId: ids } } })).body.bucket as UsageBucket[];
const characteristics = (body: { serviceCharacteristic: { name: string; value: string }[] }) =>
  Object.fromEntries(body.serviceCharacteristic.map((c) => [c.name, c.value]));

describe('TMF622 orders changing live services', () => {
  it('adds a booster once per externalId, completed at once, and shows it in the inventory', async () => {
    const id = await line();
    const first = await changeOrder([add('BOOST-5', [id])], 'boost-once');
    expect(first.status).toBe(201);
    const product = first.body.productOrderItem[0].product;
    expect(first.body).toMatchObject({ externalId: 'boost-once', state: 'completed' });
    expect(first.body.productOrderItem[0]).toEqual({
      id: '1',
      action: 'add',
      product: {
        id: expect.any(String),
        href: `${PIM}/${product.id}`,
        externalId: 'boost-once',
        status: 'active',
        productOffering: { id: 'BOOST-5', name: 'Data Booster 5GB' },
        realizingService: [{ id }],
        startDate: expect.any(String),
        terminationDate: null,
      },
    });
    expect(Math.abs(Date.parse(product.startDate) - started().clock.now().getTime())).toBeLessThan(5000);

    const again = await changeOrder([add('BOOST-5', [id])], 'boost-once');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await call(`${POM}/${first.body.id}`)).body).toEqual(first.body);
    expect((await call(`${POM}?externalId=boost-once`)).body).toEqual([first.body]);

    const inventory = await call(`${PIM}?serviceId=${id}`);
    expect(inventory.body).toEqual([product]);
    expect((await call(`${PIM}/${product.id}`)).body).toEqual(product);
    expect((await call(`${PIM}/nope`)).status).toBe(404);

    const mine = (await buckets([id])).filter((b) => b.origin === 'addon');
    expect(mine).toEqual([
      expect.objectContaining({
        id: product.id,
        name: 'Data Booster 5GB',
        scope: 'local',
        isShared: false,
        serviceId: id,
        size: 5 * 1024 ** 3,
        remaining: 5 * 1024 ** 3,
        validFor: { startDateTime: product.startDate, endDateTime: null },
        product: { id: product.id, name: 'Data Booster 5GB' },
      }),
    ]);
  });

  it('shares a shareable booster: listed once for its lines, and its lines changed by modify', async () => {
    const [a, b, c] = [await line(), await line(), await line()];
    const end = new Date(started().clock.now().getTime() + 30 * 24 * 3600_000).toISOString();
    const shared = await changeOrder([add('BOOST-20-SHARE', [a, b], { terminationDate: end })]);
    expect(shared.status).toBe(201);
    const product = shared.body.productOrderItem[0].product;
    expect(product).toMatchObject({ terminationDate: end, realizingService: [{ id: a }, { id: b }] });
    const listed = (await buckets([a, b])).filter((x) => x.origin === 'addon');
    expect(listed).toEqual([
      expect.objectContaining({ id: product.id, isShared: true, serviceId: null, size: 20 * 1024 ** 3 }),
    ]);

    const modified = await changeOrder([
      { id: '1', action: 'modify', product: { id: product.id, realizingService: [{ id: a }, { id: c }] } },
    ]);
    expect(modified.status).toBe(201);
    expect(modified.body.productOrderItem[0]).toMatchObject({
      action: 'modify',
      product: { id: product.id, realizingService: [{ id: a }, { id: c }] },
    });
    expect((await call(`${PIM}?serviceId=${b}`)).body).toEqual([]);
    expect((await call(`${PIM}?serviceId=${c}`)).body.map((p: { id: string }) => p.id)).toEqual([product.id]);
  });

  it('refuses what it cannot do: 422, 409, 404, and 400 for a malformed item', async () => {
    const [a, b] = [await line(), await line()];
    const [boost] = (await changeOrder([add('TOPUP-1', [a])])).body.productOrderItem;
    const refused = async (items: unknown[], status: number) => {
      const res = await changeOrder(items);
      expect(res.status).toBe(status);
      if (status !== 400) expect(res.body).toMatchObject({ code: String(status), status: String(status) });
    };
    await refused([add('NO-SUCH-THING', [a])], 422);
    await refused([add('BOOST-5', [a, b])], 422);
    await refused(
      [{ id: '1', action: 'modify', product: { id: boost.product.id, realizingService: [{ id: b }] } }],
      422,
    );
    await refused([{ id: '1', action: 'delete', product: { id: 'no-such-product' } }], 422);
    await refused([add('BOOST-5', ['no-such-service'])], 404);
    await call(`${SERVICE}/${b}`, { method: 'PATCH', body: { state: 'suspended' } });
    await refused([add('BOOST-5', [b])], 409);
    // A new line and a change in one order; neither offering nor plan; a delete with no product.
    const newLine = {
      id: '2',
      action: 'add',
      product: {
        productSpecification: { id: 'LITE-10' },
        productCharacteristic: [{ name: 'MSISDN', value: '87770001' }],
      },
    };
    await refused([add('BOOST-5', [a]), newLine], 422);
    await refused([{ id: '1', action: 'add', product: { realizingService: [{ id: a }] } }], 400);
    await refused([{ id: '1', action: 'delete', product: {} }], 400);
    // Nothing refused was applied.
    expect((await call(`${PIM}?serviceId=${a}`)).body).toHaveLength(1);
  });

  it('sets and removes the roaming spend cap, shown with the roaming spent this month', async () => {
    const id = await line();
    const patch = (value: string) =>
      call(`${SERVICE}/${id}`, {
        method: 'PATCH',
        body: { serviceCharacteristic: [{ name: 'roamingSpendCapCents', value }] },
      });
    expect(characteristics((await call(`${SERVICE}/${id}`)).body)).toMatchObject({
      roamingSpendCapCents: '',
      roamingSpentCents: '0',
    });
    expect(characteristics((await patch('2500')).body)).toMatchObject({ roamingSpendCapCents: '2500' });
    expect(characteristics((await call(`${SERVICE}/${id}`)).body).roamingSpendCapCents).toBe('2500');
    expect(characteristics((await patch('none')).body).roamingSpendCapCents).toBe('');
    expect(characteristics((await patch('0')).body).roamingSpendCapCents).toBe('0');
    expect(characteristics((await patch('')).body).roamingSpendCapCents).toBe('');
    for (const bad of ['-5', '12.5', 'lots']) expect((await patch(bad)).status).toBe(422);
  });

  it('ends a product at its delete date: pending until then, terminated after', async () => {
    const id = await line();
    const added = await changeOrder([add('DATA-20', [id])]);
    const product = added.body.productOrderItem[0].product;
    const end = new Date(started().clock.now().getTime() + 2 * 24 * 3600_000).toISOString();
    const deleted = await changeOrder([
      { id: '1', action: 'delete', product: { id: product.id, terminationDate: end } },
    ]);
    expect(deleted.status).toBe(201);
    expect(deleted.body.productOrderItem[0]).toMatchObject({
      action: 'delete',
      product: { id: product.id, status: 'pendingTerminate', terminationDate: end },
    });
    // The month's bucket ends at the delete date, or at the month's end (00:00 on the 1st in Singapore)
    // when that comes first: within two days of a month's end it does.
    const sg = new Date(started().clock.now().getTime() + 8 * 3600_000);
    const monthEnd = Date.UTC(sg.getUTCFullYear(), sg.getUTCMonth() + 1, 1) - 8 * 3600_000;
    expect((await buckets([id])).find((b) => b.product?.id === product.id)?.validFor.endDateTime).toBe(
      new Date(Math.min(Date.parse(end), monthEnd)).toISOString(),
    );

    const moved = await fetch(`${started().url}/sandbox/api/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(Date.parse(end) + 1000).toISOString() }),
    });
    expect(moved.status).toBe(200);
    expect((await call(`${PIM}/${product.id}`)).body).toMatchObject({
      status: 'terminated',
      terminationDate: end,
    });
    expect((await buckets([id])).some((b) => b.product?.id === product.id)).toBe(false);
    const late = await changeOrder([{ id: '1', action: 'delete', product: { id: product.id } }]);
    expect(late.status).toBe(409);
  });

  it('documents the product inventory', async () => {
    const doc = (await (await fetch(`${started().url}/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([PIM, `${PIM}/{id}`, POM]));
  });
});

import { DeliveryMethod } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { fieldErrors, ION, orderJourney } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const { get, put, readyForDelivery } = orderJourney(() => t);

describe('step 4, Delivery & Billing', () => {
  const SENTOSA = {
    postalCode: '098269',
    blockNumber: '8',
    roadName: 'SENTOSA GATEWAY',
    building: 'RESORTS WORLD SENTOSA',
    unitNumber: '',
  };
  it('offers home delivery within 2 working days, and no date for postal mail', async () => {
    const me = await signedInCustomer(t);
    const home = body<{ dates: string[] }>(
      await get(`/api/v1/orders/delivery-dates?method=${DeliveryMethod.HomeDelivery}`, me.headers),
    ).data;
    expect(home.dates).toEqual(deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery));
    expect(home.dates).toHaveLength(2);
    const postal = body<{ dates: string[] }>(
      await get(`/api/v1/orders/delivery-dates?method=${DeliveryMethod.PostalMail}`, me.headers),
    ).data;
    expect(postal.dates).toEqual([]);
  });

  it('fills the address from the postal code, and treats an unreadable one as no address', async () => {
    const me = await signedInCustomer(t);
    const found = body<{ blockNumber: string; roadName: string; building: string }[]>(
      await get('/api/v1/orders/address?postalCode=238801', me.headers),
    ).data;
    expect(found).toEqual([
      expect.objectContaining({ blockNumber: '2', roadName: 'ORCHARD TURN', building: 'ION ORCHARD' }),
    ]);
    expect(found[0]).not.toHaveProperty('deliverable');
    // Looked up for home delivery, it says whether the courier goes there.
    const home = (postalCode: string) =>
      get(
        `/api/v1/orders/address?postalCode=${postalCode}&method=${DeliveryMethod.HomeDelivery}`,
        me.headers,
      );
    expect(body(await home('238801')).data).toEqual([expect.objectContaining({ deliverable: true })]);
    expect(body(await home('098269')).data).toEqual([
      expect.objectContaining({ roadName: 'SENTOSA GATEWAY', deliverable: false }),
    ]);
    const byPost = await get(
      `/api/v1/orders/address?postalCode=098269&method=${DeliveryMethod.PostalMail}`,
      me.headers,
    );
    expect(body<object[]>(byPost).data[0]).not.toHaveProperty('deliverable');
    expect(body(await get('/api/v1/orders/address?postalCode=999999', me.headers)).data).toEqual([]);
    expect((await get('/api/v1/orders/address?postalCode=23880', me.headers)).statusCode).toBe(422);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'address', mode: 'down', seconds: 30 }),
    });
    const down = await get('/api/v1/orders/address?postalCode=238801', me.headers);
    expect(down.statusCode).toBe(503);
    expect(body(down).message).toBe(OrderMessages.addressLookupUnavailable);
  });

  it('books home delivery on an offered day and bills the same address', async () => {
    const me = await readyForDelivery();
    const [date] = deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery);
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 0, delivery: ION, deliveryDate: date, billingSameAsDelivery: true },
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(body<{ delivery: unknown }>(res).data.delivery).toEqual({
      deliveryMethod: 0,
      delivery: ION,
      deliveryDate: date,
      billingSameAsDelivery: true,
      billing: ION,
    });
  });

  it("says 'Delivery to this address is not available.' where the courier does not go", async () => {
    const me = await readyForDelivery();
    const [date] = deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery);
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 0, delivery: SENTOSA, deliveryDate: date, billingSameAsDelivery: true },
      me.headers,
    );
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ 'delivery.postalCode': OrderMessages.deliveryUnavailable });
    const postal = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 1, delivery: SENTOSA, billingSameAsDelivery: true },
      me.headers,
    );
    expect(postal.statusCode).toBe(200);
  });

  it('wants a day the method offers', async () => {
    const me = await readyForDelivery();
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 0, delivery: ION, deliveryDate: '2030-01-01', billingSameAsDelivery: true },
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({ deliveryDate: OrderMessages.chooseDeliveryDate });
  });

  it('keeps eSIM ID verification for eSIM orders, which need only a billing address', async () => {
    const physical = await readyForDelivery();
    const wrong = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 2, billingSameAsDelivery: false, billing: ION },
      physical.headers,
    );
    expect(fieldErrors(wrong)).toEqual({ deliveryMethod: OrderMessages.deliveryMethodNotForSim });
    const esim = await readyForDelivery({}, { typeSim: 1 });
    const home = await put(
      '/api/v1/orders/draft/delivery',
      {
        deliveryMethod: 0,
        delivery: ION,
        deliveryDate: deliveryDateOptions(new Date(), 0)[0],
        billingSameAsDelivery: true,
      },
      esim.headers,
    );
    expect(fieldErrors(home)).toEqual({ deliveryMethod: OrderMessages.deliveryMethodNotForSim });
    const ok = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 2, billingSameAsDelivery: false, billing: ION },
      esim.headers,
    );
    expect(body<{ delivery: unknown }>(ok).data.delivery).toMatchObject({
      deliveryMethod: 2,
      delivery: null,
      billing: ION,
    });
  });

  it('takes only a billing address from a roadshow customer', async () => {
    const me = await readyForDelivery({ roadshow: true });
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: null, billingSameAsDelivery: false, billing: ION },
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(body<{ delivery: unknown }>(res).data.delivery).toEqual({
      deliveryMethod: null,
      delivery: null,
      deliveryDate: null,
      billingSameAsDelivery: false,
      billing: ION,
    });
  });
});

import type { APIRequestContext } from '@playwright/test';
import { DeliveryMethod, isValidNricOrFin } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import { generate } from 'otplib';
import type { StaffMember } from './staff-members.ts';
import { DEMO_PASSWORD, expect, PASSWORD, registeredCustomer } from './support.ts';

/** A 1x1 PNG: enough for the ID upload's content check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function uniqueNric(): string {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  const letter = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((l) => isValidNricOrFin(`S${digits}${l}`));
  return `S${digits}${letter}`;
}

/**
 * A customer who has ordered and paid, set up through the API as the wizard would (the wizard itself
 * is walked by order.spec.ts): a physical SIM porting in their number, delivered to their home, or
 * an eSIM porting in their number.
 */
export async function placedOrder(
  request: APIRequestContext,
  opts: { idNumber?: string; typeSim?: 0 | 1 } = {},
) {
  const c = await registeredCustomer(request);
  const login = await request.post('/api/v1/auth/login', { data: { email: c.email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const put = async (step: string, data: object) => {
    const res = await request.put(`/api/v1/orders/draft/${step}`, { data, headers });
    expect(res.status(), await res.text()).toBe(200);
  };
  const typeSim = opts.typeSim ?? 0;
  await put('plan', { typeSim, lines: [{ planCode: 'VALUE-20', addonCodes: [] }] });
  const portIn = `9${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await put('numbers', {
    lines: [{ numberType: 'RETAIN', msisdn: portIn, donorNetwork: 1, confirmPostpaid: true }],
  });
  const documents: Record<string, string> = {};
  for (const side of ['front', 'back']) {
    const res = await request.post(`/api/v1/documents?side=${side}`, {
      headers,
      multipart: { file: { name: `${side}.png`, mimeType: 'image/png', buffer: PNG } },
    });
    expect(res.status()).toBe(201);
    documents[side] = (await res.json()).data.id;
  }
  const fullName = `${c.lastName} ${c.firstName}`;
  await put('account', {
    salutation: 'Ms.',
    givenName: c.firstName,
    familyName: c.lastName,
    fullName,
    dateOfBirth: '1990-05-17',
    contactNumber: c.phoneNumber,
    idType: 1,
    idNumber: opts.idNumber ?? uniqueNric(),
    idIssueDate: '2015-01-10',
    marketing: {
      provider: { email: false, sms: false, push: false },
      thirdParty: { email: false, sms: false, push: false },
    },
    documents,
  });
  const address = {
    postalCode: '238801',
    blockNumber: '2',
    roadName: 'ORCHARD TURN',
    building: 'ION ORCHARD',
    unitNumber: '#04-12',
  };
  await put(
    'delivery',
    typeSim === 1
      ? { deliveryMethod: DeliveryMethod.ESimIdVerification, billingSameAsDelivery: false, billing: address }
      : {
          deliveryMethod: DeliveryMethod.HomeDelivery,
          delivery: address,
          deliveryDate: deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery)[0],
          billingSameAsDelivery: true,
        },
  );
  const start = await request.post('/api/v1/orders/checkout', { data: { acceptTerms: true }, headers });
  expect(start.status(), await start.text()).toBe(201);
  const { attemptId, redirectUrl } = (await start.json()).data;
  const paid = await request.post(redirectUrl, {
    form: { name: fullName, number: '4242424242424242', expiry: '12/30', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const done = await request.post(`/api/v1/orders/checkout/${attemptId}/complete`, { data: {}, headers });
  expect(done.status(), await done.text()).toBe(200);
  const order = (await done.json()).data as { id: string; orderNumber: string };
  return { customer: c, fullName, order, headers, portIn };
}

/**
 * A staff member's calls through the API (the console itself is walked by staff.spec.ts), signed in
 * once: the member is the test's own, so its current code is unused.
 */
export async function staffApi(request: APIRequestContext, { email, secret }: StaffMember) {
  const res = await request.post('/api/v1/staff/auth/login', {
    data: { email, password: DEMO_PASSWORD, code: await generate({ secret }) },
  });
  expect(res.status(), `staff sign-in: ${await res.text()}`).toBe(200);
  const headers = { authorization: `Bearer ${(await res.json()).data.token}` };
  return async (path: string, data?: object) => {
    const res = data
      ? await request.post(`/api/v1/staff${path}`, { data, headers })
      : await request.get(`/api/v1/staff${path}`, { headers });
    return { status: res.status(), body: await res.json() };
  };
}

/**
 * Staff verify the order (once it has reached the MVNE, a moment after payment), and its line goes
 * live: the eSIM is released and activated, the order Completed.
 */
export async function verifiedLive(staff: Awaited<ReturnType<typeof staffApi>>, orderId: string) {
  await expect(async () => {
    expect((await staff(`/orders/${orderId}/verify`, {})).status).toBe(200);
  }).toPass({ timeout: 20_000 });
  await expect(async () => {
    expect((await staff(`/orders/${orderId}`)).body.data.status).toBe('Completed');
  }).toPass({ timeout: 30_000 });
}

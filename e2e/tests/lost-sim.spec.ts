import { randomInt } from 'node:crypto';
import { formatSgMobile } from '@selfcare/domain';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import pg from 'pg';
import { E2E_DATABASE_URL } from '../playwright.config.ts';
import { atMvne, liveLineCustomer } from './live-line.ts';
import { placedOrder, staffApi, verifiedLive } from './placed-order.ts';
import {
  choose,
  expect,
  expectAccessible,
  loginWithPassword,
  PASSWORD,
  staffSignIn,
  test,
} from './support.ts';

const ADDRESS = {
  postalCode: '238801',
  blockNumber: '2',
  roadName: 'ORCHARD TURN',
  building: 'ION ORCHARD',
  unitNumber: '#04-12',
};

/**
 * The line as activation leaves it (its SIM's ICCID known here too, its order with a delivery
 * address), and a SIM of its own in stock for the replacement.
 */
async function lineAndStock(serviceId: string, iccid: string) {
  const sim = {
    iccid: withLuhnDigit(`8965019${randomInt(100_000_000, 999_999_999)}10`),
    imsi: `52597${randomInt(1_000_000_000, 9_999_999_999)}`,
  };
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ order_id: string }>(
      `UPDATE subscriptions SET iccid = $2 WHERE mvne_service_id = $1 RETURNING order_id`,
      [serviceId, iccid],
    );
    await pool.query(`UPDATE orders SET delivery_address = $2 WHERE id = $1`, [
      rows[0]?.order_id,
      JSON.stringify(ADDRESS),
    ]);
    await pool.query(
      `INSERT INTO sim_cards (iccid, imsi, pin, puk, state, created_at, updated_at)
       VALUES ($1, $2, '1234', '12345678', 'available', now(), now())`,
      [sim.iccid, sim.imsi],
    );
  } finally {
    await pool.end();
  }
  return sim;
}

/**
 * /manage/lostSim, on a customer and line of their own: the customer reports the SIM
 * lost and the sandbox MVNE blocks it; staff send a SIM from stock, mark it delivered and activate
 * it; the line works again on the new SIM with the same number, and the customer sees each step.
 */
test('a customer reports a lost SIM; staff deliver and activate the replacement', async ({
  page,
  request,
  staffMember,
}) => {
  const me = await liveLineCustomer(request);
  const lost = (await atMvne(request, me.serviceId)).ICCID as string;
  const sim = await lineAndStock(me.serviceId, lost);
  const number = formatSgMobile(me.msisdn);

  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/lostSim');
  await expect(page).toHaveTitle('Lost SIM');
  const line = page.getByRole('region', { name: `+65 ${number} (Me)` });
  await expect(
    line.getByText('We send you a new SIM card at 2 ORCHARD TURN, #04-12 ION ORCHARD, Singapore 238801.'),
  ).toBeVisible();
  await expect(line.getByText('Replacement SIM: $5.50, on your next bill once it is sent.')).toBeVisible();
  await expectAccessible(page);

  await line.getByRole('button', { name: 'Block this SIM and replace it' }).click();
  await expect(page.getByText('Your SIM is being blocked. Nobody can use it any more.')).toBeVisible();
  await expect(line.getByText(/^Your lost SIM is blocked: nobody can use it\. We are preparing/)).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  expect(await atMvne(request, me.serviceId)).toMatchObject({ simBlocked: 'true', ICCID: lost });
  await expectAccessible(page);

  // Staff, in the console beside the orders.
  await staffSignIn(page, await staffMember('agent'));
  await page.getByRole('link', { name: 'SIM replacements' }).click();
  await expect(page.getByRole('heading', { name: 'SIM replacements' })).toBeVisible();
  const work = page.getByRole('region', { name: `Replacement for ${number}` });
  await expect(work.getByText('2 ORCHARD TURN, #04-12 ION ORCHARD, Singapore 238801')).toBeVisible();
  await expectAccessible(page);

  await work.getByRole('button', { name: 'Create delivery order', exact: true }).click();
  await work.getByRole('textbox', { name: 'Tracking code' }).fill(`NV-${me.msisdn}`);
  await work.getByRole('textbox', { name: /^ICCID of the new SIM/ }).fill(sim.iccid);
  await work.getByRole('button', { name: 'Confirm: Create delivery order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Replacement SIM sent' })).toBeVisible();
  await expect(work.getByText('Delivery in progress')).toBeVisible();

  await work.getByRole('button', { name: 'Mark delivered', exact: true }).click();
  await work.getByRole('button', { name: 'Confirm: Mark delivered' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Delivery completed' })).toBeVisible();
  await work.getByRole('button', { name: 'Enter IMSI to activate', exact: true }).click();
  await work.getByRole('textbox', { name: /^IMSI of the new SIM/ }).fill(sim.imsi);
  await expectAccessible(page);
  await work.getByRole('button', { name: 'Confirm: Enter IMSI to activate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Activation requested' })).toBeVisible();
  // Done, it is no longer under way: shown with every replacement.
  await choose(page, 'Show', /^All$/);
  await expect(work.locator('.mantine-Badge-root', { hasText: 'Completed' })).toBeVisible({
    timeout: 30_000,
  });

  // The line works on the new SIM, with its number; the lost one stays blocked.
  expect(await atMvne(request, me.serviceId)).toMatchObject({
    simBlocked: 'false',
    ICCID: sim.iccid,
    MSISDN: me.msisdn,
    state: 'active',
  });
  await page.goto('/manage/lostSim');
  await expect(
    line.getByText(/^Your line works on its new SIM since .*, with the same number\.$/),
  ).toBeVisible();
  await expect(line.getByText('Line working again on the new SIM')).toBeVisible();
  await expectAccessible(page);
});

/**
 * A lost eSIM: no SIM is sent; the line gets a new eSIM profile at once, free, and the
 * page shows its QR code and the code to type by hand, to install on the customer's new phone.
 */
test('a customer reports a lost eSIM and gets a new profile to install', async ({
  page,
  request,
  staffMember,
}) => {
  const { order, customer } = await placedOrder(request, { typeSim: 1 });
  const staff = await staffApi(request, await staffMember('agent'));
  await verifiedLive(staff, order.id);

  await loginWithPassword(page, customer.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/lostSim');
  await expect(page).toHaveTitle('Lost SIM');
  const line = page.getByRole('region', { name: /\(Me\)$/ });
  await expect(line.getByText('A new eSIM profile is free of charge.')).toBeVisible();
  await expect(line.getByText(/^You get a new eSIM profile for this line/)).toBeVisible();
  await expectAccessible(page);

  await line.getByRole('button', { name: 'Block this SIM and replace it' }).click();
  await expect(page.getByText('Your SIM is being blocked. Nobody can use it any more.')).toBeVisible();
  const esim = line.getByRole('region', { name: 'Your new eSIM' });
  await expect(esim).toBeVisible({ timeout: 30_000 });
  const qr = esim.getByRole('img', { name: /^QR code of the new eSIM for \+65 \d{4} \d{4}$/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(esim.getByText(/^LPA:1\$smdp\.sandbox\.selfcare\.test\$[0-9A-Z-]+$/)).toBeVisible();
  await expectAccessible(page);
});

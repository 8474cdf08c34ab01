import { SANDBOX_URL } from '../playwright.config.ts';
import { placedOrder, staffApi } from './placed-order.ts';
import { expect, expectAccessible, isMobile, loginWithPassword, PASSWORD, test } from './support.ts';

/**
 * An eSIM order porting in the customer's number: staff verify it, the eSIM profile is released and
 * the line goes live on a temporary number; the customer sees the QR code, submits the port, and it
 * completes in the porting window (the test moves the sandbox clock there instead of waiting for 11pm).
 */
test('an eSIM shows its QR code, and a port-in is submitted and completes in the porting window', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const { order, customer, headers, portIn } = await placedOrder(request, { typeSim: 1 });
  // Each width signs in as a different staff member: a code opens one session only.
  const staff = isMobile(info.project.name)
    ? await staffApi(request, 'supervisor@demo.selfcare.sg', 'SELFCAREDEMOSUPERVISORTOTP234567')
    : await staffApi(request, 'agent@demo.selfcare.sg', 'SELFCAREDEMOAGENTTOTPSECRET23456');
  await expect(async () => {
    expect((await staff(`/orders/${order.id}/verify`, {})).status).toBe(200);
  }).toPass({ timeout: 20_000 });
  await expect(async () => {
    expect((await staff(`/orders/${order.id}`)).body.data.status).toBe('Completed');
  }).toPass({ timeout: 30_000 });

  await loginWithPassword(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/simManagement');
  await expect(page.getByRole('heading', { name: 'SIM Management' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'eSIM' });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(/Temporary number \+65 \d{4} \d{4} until your number is ported/)).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('link').click();

  await expect(page).toHaveURL(/\/manage\/simManagement\/[0-9a-f-]+\/detail$/);
  const qr = page.getByRole('img', { name: /QR code of the eSIM activation code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(/^LPA:1\$smdp\.sandbox\.selfcare\.test\$[0-9A-Z-]+$/)).toBeVisible();
  await expect(page.getByText('Device is not found')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/manage/numberPort');
  await expect(page.getByRole('heading', { name: 'Number Porting' })).toBeVisible();
  const card = page.getByRole('region', { name: new RegExp(portIn.slice(-4)) });
  await expect(card.getByText('Not Submitted', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your MNP request has been submitted' }),
  ).toBeVisible();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText(/11:00\s?pm to .* 4:00\s?am/i)).toBeVisible();

  // Once the MVNE has the request, move the sandbox clock into its window.
  let windowStart = '';
  await expect(async () => {
    const res = await request.get('/api/v1/numberPorts', { headers });
    const port = (await res.json()).data.find((p: { msisdn: string }) => p.msisdn === portIn);
    expect(port.withNetwork).toBe(true);
    windowStart = port.windowStart;
  }).toPass({ timeout: 15_000 });
  const moved = await request.post(`${SANDBOX_URL}/sandbox/api/clock`, {
    data: { at: new Date(Date.parse(windowStart) + 60_000).toISOString() },
  });
  expect(moved.status()).toBe(200);
  await expect(card.getByText('Success', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    card.getByText('Your number is now with us. The temporary number has been released.'),
  ).toBeVisible();

  await page.goto('/manage/simManagement');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'eSIM' })
      .getByText(/Temporary number/),
  ).toHaveCount(0);
});

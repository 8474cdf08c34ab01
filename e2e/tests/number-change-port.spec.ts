import { formatSgMobile } from '@selfcare/domain';
import { placedOrder, staffApi, verifiedLive } from './placed-order.ts';
import { donorAnswers, portsOf, runPortNow } from './porting.ts';
import { expect, expectAccessible, loginWithPassword, PASSWORD, test } from './support.ts';

/**
 * /manage/numberChange, on an order of its own: an eSIM line whose port-in failed (the number cannot
 * come over) works on its temporary number; the customer ports another number in from the page and
 * sees it submitted for the next porting window (ADR 0028).
 */
test('a customer whose port-in failed ports a number in again from Number Change', async ({
  page,
  request,
  staffMember,
}) => {
  test.setTimeout(180_000);
  const { order, customer, headers, portIn } = await placedOrder(request, { typeSim: 1 });
  const staff = await staffApi(request, await staffMember('agent'));
  await verifiedLive(staff, order.id);

  // The donor network says the number is not active there: the port fails for good.
  await donorAnswers(request, portIn, 'not-active');
  const [port] = await portsOf(request, headers);
  expect((await request.post(`/api/v1/numberPorts/${port?.id}/submit`, { headers })).status()).toBe(200);
  await runPortNow(request, headers, portIn);
  await expect
    .poll(async () => (await portsOf(request, headers))[0]?.status, { timeout: 30_000 })
    .toBe('failed');

  await loginWithPassword(page, customer.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/numberChange');
  await expect(page).toHaveTitle('Change Number');
  await expect(
    page.getByText(
      `The port-in of +65 ${formatSgMobile(portIn)} failed. Port a number in again below, or choose a new number free of charge.`,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(/^Until your own number comes over, this line works on the temporary number/),
  ).toBeVisible();
  await expect(page.getByText('Your port-in failed, so a number change is free.')).toBeVisible();
  const again = page.getByRole('region', { name: 'Port a number in again' });
  await expect(again.getByRole('textbox', { name: 'Mobile number to port in' })).toHaveValue(portIn);
  await expectAccessible(page);

  // Another number of the customer's, postpaid with Singtel: the box left unticked is said first.
  const next = `9${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await again.getByRole('textbox', { name: 'Mobile number to port in' }).fill(next);
  await again.getByRole('combobox', { name: 'Current network' }).selectOption({ label: 'Singtel' });
  await again.getByRole('textbox', { name: 'ID number registered with that network' }).fill('S9812381D');
  await again.getByRole('button', { name: 'Submit the port-in' }).click();
  await expect(
    again.getByText('Please confirm the number is a postpaid number that stays active until it moves to us.'),
  ).toBeVisible();
  await expectAccessible(page);
  await again.getByRole('checkbox', { name: /postpaid number/ }).check();
  await again.getByRole('button', { name: 'Submit the port-in' }).click();
  await expect(page.getByText('Your MNP request has been submitted')).toBeVisible();
  // The line now waits for its port: nothing to choose meanwhile, and where to follow it.
  await expect(page.getByText(/^This line’s number port is not finished\./)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Port a number in again' })).toHaveCount(0);
  await expectAccessible(page);

  // Submitted for its window, which the sandbox MVNE runs now: the number comes over.
  expect((await portsOf(request, headers))[0]).toMatchObject({ msisdn: next, status: 'submitted' });
  await page.getByRole('link', { name: 'See its progress' }).click();
  await expect(page).toHaveURL(/\/manage\/numberPort$/);
  const card = page.getByRole('region', { name: new RegExp(next.slice(-4)) });
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await runPortNow(request, headers, next);
  await expect(card.getByText('Success', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await page.goto('/manage/numberChange');
  await expect(page.getByText(`+65 ${formatSgMobile(next)}`).first()).toBeVisible();
  await expect(page.getByText(/^Until your own number comes over/)).toHaveCount(0);
});

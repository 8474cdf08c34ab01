import { placedOrder, staffApi, verifiedLive } from './placed-order.ts';
import { donorAnswers, runPortNow } from './porting.ts';
import { DAY, expect, expectAccessible, loginWithPassword, PASSWORD, test } from './support.ts';

/**
 * An eSIM order porting in the customer's number. While it waits, /myAccount shows its progress and
 * next steps. Staff verify it; the eSIM profile is released and the line goes live on a temporary
 * number; the customer sees the QR code and gets a new profile. The port is refused by the donor for
 * a wrong ID number, corrected on the edit page, submitted again, and completes (the sandbox MVNE runs
 * the port at once instead of waiting for 11pm, leaving the clock other tests read alone).
 */
test('an eSIM shows its QR code, and a port-in is submitted, corrected and completes in the porting window', async ({
  page,
  request,
  staffMember,
}) => {
  test.setTimeout(180_000);
  const { order, customer, headers, portIn } = await placedOrder(request, { typeSim: 1 });

  await loginWithPassword(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  const progress = page.getByRole('region', { name: 'Where your order is' });
  await expect(progress.getByRole('listitem').filter({ hasText: 'Paid' })).toContainText('done');
  await expect(progress.getByRole('listitem').filter({ hasText: 'Verified' })).toContainText('not yet');
  await expect(progress.getByRole('link', { name: 'Submit your number porting request' })).toBeVisible();
  // Not verified yet: it cannot be activated, so no activation deadline is given.
  await expect(progress.getByText(/Activate your SIM by /)).toHaveCount(0);
  await expectAccessible(page);

  const staff = await staffApi(request, await staffMember('agent'));
  await verifiedLive(staff, order.id);

  // A fresh load takes the customer's new status (active) into the session.
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
  const code = page.getByText(/^LPA:1\$smdp\.sandbox\.selfcare\.test\$[0-9A-Z-]+$/);
  const firstCode = await code.textContent();
  await expect(page.getByText('Device is not found')).toBeVisible();
  await expect(page.getByText('2 (Installation 1 of 3)')).toBeVisible();
  await expectAccessible(page);
  // A new phone: the customer gets a new profile, and one installation fewer.
  await page.getByRole('button', { name: 'Get a new eSIM profile' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'A new eSIM profile is on its way. The old one stops working.' }),
  ).toBeVisible();
  await expect(page.getByText('1 (Installation 2 of 3)')).toBeVisible({ timeout: 15_000 });
  await expect(code).not.toHaveText(firstCode as string);

  // The donor network will refuse the port: the ID number it has is not the one we send.
  await donorAnswers(request, portIn, 'id-mismatch');
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
  await expect(card.getByText(new RegExp(`^${DAY}, 11:00 pm to ${DAY}, 4:00 am$`))).toBeVisible();
  await runPortNow(request, headers, portIn);
  await expect(card.getByText('Unsuccessful', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('The ID number does not match the donor network’s records.')).toBeVisible();
  await expect(
    card.getByText('Check the ID number with your current network, correct it and submit again.'),
  ).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/manage\/numberPort\/[0-9a-f-]+\/edit$/);
  await expect(page.getByRole('heading', { name: /^Edit number porting for/ })).toBeVisible();
  const idNumber = page.getByRole('textbox', { name: 'ID number registered with your current network' });
  await idNumber.fill('S1234567A');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('ID number is invalid')).toBeVisible();
  await expectAccessible(page);
  await idNumber.fill('S9812381D');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Data updated successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/numberPort$/);
  await expect(card.getByText('Not Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText('S9812381D')).toBeVisible();

  // With the right ID number the donor accepts.
  await donorAnswers(request, portIn, null);
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await runPortNow(request, headers, portIn);
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

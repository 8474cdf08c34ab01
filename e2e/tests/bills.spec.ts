import { readFile } from 'node:fs/promises';
import { formatBillMonth } from '@selfcare/domain';
import { SANDBOX_URL } from '../playwright.config.ts';
import { billedCustomer } from './billed-customer.ts';
import { expect, expectAccessible, loginWithPassword, PASSWORD, staffSignIn, test } from './support.ts';

test('an active customer sees the bill, opens the PDF, pays by card and sees Bill payment success', {
  tag: '@phone',
}, async ({ page, request }) => {
  const me = await billedCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/bills');
  await expect(page.getByRole('heading', { name: 'Bills', level: 1 })).toBeVisible();
  const month = formatBillMonth(me.dueMonth);
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: month })).toContainText('$26.30');
  await expect(rows.filter({ hasText: month })).toContainText('Due Now');
  await expect(rows.filter({ hasText: formatBillMonth(me.olderMonth) })).toContainText('$23.15');
  await expect(rows.filter({ hasText: formatBillMonth(me.olderMonth) })).toContainText('Paid');

  // The newest bill is open: its items, the GST it includes and what is left to pay.
  const bill = page.getByRole('region', { name: `${month} bill` });
  await expect(bill.getByRole('cell', { name: 'IDD calls and SMS' })).toBeVisible();
  await expect(bill.getByRole('row', { name: /Includes GST at 9%/ })).toContainText('$2.17');
  await expect(bill.getByRole('row', { name: /Left to pay/ })).toContainText('$26.30');
  // The summary is a sum: previous balance − payments since + this month's charges = total due.
  const summary = bill.getByRole('table', { name: 'Bill summary' });
  await expect(summary.getByRole('row', { name: /Previous balance/ })).toContainText('$23.15');
  await expect(summary.getByRole('row', { name: /Payments received/ })).toContainText('-$23.15');
  await expect(summary.getByRole('row', { name: /This month's charges/ })).toContainText('$26.30');
  await expect(summary.getByRole('row', { name: /^Total due/ })).toContainText('$26.30');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await bill.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bill-${me.due.number}.pdf`);
  expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

  await bill.getByRole('button', { name: 'Pay $26.30 by card' }).click();
  await expect(bill.getByText('You will pay $26.30 with VISA •••• 4242.')).toBeVisible();
  await bill.getByRole('button', { name: 'Confirm and pay $26.30' }).click();
  await expect(page).toHaveURL(/\/bills\/billResult\?payment=/);
  await expect(page.getByRole('status').filter({ hasText: 'Bill payment success' })).toBeVisible();
  await expect(page.getByText(`$26.30 was paid with VISA •••• 4242 for your ${month} bill.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to your bills' }).click();
  await expect(page.getByRole('row').filter({ hasText: month })).toContainText('Paid');
});

test('a customer pays by PayNow and sees Payment pending until the bank settles it', async ({
  page,
  request,
}) => {
  const me = await billedCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/bills?bill=${me.due.id}`);
  const month = formatBillMonth(me.dueMonth);
  const bill = page.getByRole('region', { name: `${month} bill` });
  await bill.getByRole('button', { name: 'Show the PayNow QR' }).click();
  await expect(
    bill.getByRole('img', { name: `PayNow QR code for $26.30, reference ${me.due.number}` }),
  ).toBeVisible();
  await expect(bill.getByText('PayNow to UEN 201912345K')).toBeVisible();
  await expect(bill.getByText('PayNow takes up to 2 working days.')).toBeVisible();
  await expectAccessible(page);

  // The customer's banking app: PayNow to the UEN with the reference, the amount as the bill says.
  const paid = await request.post(`${SANDBOX_URL}/sandbox/api/bank/paynow/pay`, {
    data: { uen: '201912345K', reference: me.due.number, amountCents: 2630 },
  });
  expect(paid.status()).toBe(201);
  await bill.getByRole('button', { name: 'I have paid by PayNow' }).click();
  await expect(page.getByRole('row').filter({ hasText: month })).toContainText('Payment pending');
  await expect(bill.getByText(/^Payment pending: we mark the bill paid/)).toBeVisible();

  // The bank credits it (up to 2 working days; settled now) and tells the portal.
  expect((await request.post(`${SANDBOX_URL}/sandbox/api/bank/settle`)).status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: month })).toContainText('Paid', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
});

test('a customer who tapped "I have paid by PayNow" too soon takes it back and sees the QR and card again', async ({
  page,
  request,
}) => {
  const me = await billedCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/bills?bill=${me.due.id}`);
  const month = formatBillMonth(me.dueMonth);
  const bill = page.getByRole('region', { name: `${month} bill` });
  await bill.getByRole('button', { name: 'Show the PayNow QR' }).click();
  await bill.getByRole('button', { name: 'I have paid by PayNow' }).click();
  await expect(page.getByRole('row').filter({ hasText: month })).toContainText('Payment pending');
  await expect(bill.getByRole('button', { name: 'Show the PayNow QR' })).toHaveCount(0);

  await bill.getByRole('button', { name: "I haven't paid yet: show the QR and card again" }).click();
  await expect(page.getByRole('row').filter({ hasText: month })).toContainText('Due Now');
  await expect(bill.getByRole('button', { name: 'Show the PayNow QR' })).toBeVisible();
  await expectAccessible(page);
});

test('a card with wrong details is refused when it is to pay the bills, and the old card stays', async ({
  page,
  request,
}) => {
  const me = await billedCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/bills');
  const card = page.getByRole('region', { name: 'Card for your bills' });
  await card.getByRole('button', { name: 'Change card' }).click();
  await expect(page.getByRole('heading', { name: 'Card details' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Tan Mei Ling');
  await page.getByLabel('Card number').fill('4000 0000 0000 0127');
  await page.getByLabel('Expiry (MM/YY)').fill('11/31');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(
    page.getByText('You entered the wrong information of the card. Please re-enter.'),
  ).toBeVisible();
  await expect(page.getByText('Change credit card successfully')).toHaveCount(0);
  await expect(card).toContainText('VISA credit card ending 4242');
  await expectAccessible(page);
});

test("a customer changes the card bills are paid with on the gateway's page", async ({ page, request }) => {
  const me = await billedCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/bills');
  const card = page.getByRole('region', { name: 'Card for your bills' });
  await expect(card).toContainText('VISA credit card ending 4242');
  await card.getByRole('button', { name: 'Change card' }).click();
  await expect(page.getByRole('heading', { name: 'Card details' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Tan Mei Ling');
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry (MM/YY)').fill('11/31');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Change credit card successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bills$/);
  await expect(card).toContainText(/Tan Mei Ling · MASTERCARD \w+ card ending 4444, expires 11\/2031/);
  await expectAccessible(page);
});

test('a supervisor waives a charge with a reason in the staff console, and the bill is summed again', async ({
  page,
  request,
  staffMember,
}) => {
  const me = await billedCustomer(request);
  const staff = await staffMember('supervisor');
  await staffSignIn(page, staff);

  await page.goto(`/staff/customers/${me.userId}/billing`);
  const bill = page.getByRole('region', { name: `${formatBillMonth(me.dueMonth)} bill ${me.due.number}` });
  await expect(bill).toContainText('total $26.30');
  await expectAccessible(page);
  await bill.getByRole('button', { name: 'Waive IDD calls and SMS' }).click();
  await bill
    .getByRole('textbox', { name: /^Reason to waive IDD calls and SMS/ })
    .fill('Calls dropped abroad');
  await bill.getByRole('button', { name: 'Confirm: waive' }).click();
  await expect(page.getByText('The charge is waived.')).toBeVisible();
  await expect(bill).toContainText('total $23.15');
  await expect(bill.getByRole('row', { name: /IDD calls and SMS/ })).toContainText(': Calls dropped abroad');
  await expectAccessible(page);
});

test('a supervisor gives a credit for a charge on a paid bill, and it waits under "Not billed yet"', async ({
  page,
  request,
  staffMember,
}) => {
  const me = await billedCustomer(request);
  const staff = await staffMember('supervisor');
  await staffSignIn(page, staff);

  await page.goto(`/staff/customers/${me.userId}/billing`);
  const unbilled = page.getByRole('region', { name: 'Not billed yet' });
  await expect(unbilled).toContainText('Nothing.');
  await unbilled.getByRole('button', { name: 'Give a credit' }).click();
  const form = unbilled.getByRole('form', { name: 'Give a credit' });
  await form.getByRole('textbox', { name: /^Amount/ }).fill('600');
  await form.getByRole('button', { name: 'Confirm: give the credit' }).click();
  await expect(form.getByText('Amount must be at most $500.00')).toBeVisible();
  await expect(form.getByText('Reason is required')).toBeVisible();
  await expectAccessible(page);

  await form.getByRole('textbox', { name: /^Amount/ }).fill('3.15');
  await form.getByRole('combobox', { name: /^For the charge/ }).selectOption({
    label: `${formatBillMonth(me.olderMonth)} bill ${me.older.number}: IDD calls and SMS ($3.15)`,
  });
  await form.getByRole('textbox', { name: /^Reason/ }).fill('Calls dropped abroad; the bill is paid');
  await form.getByRole('button', { name: 'Confirm: give the credit' }).click();
  await expect(
    page.getByText('A credit of $3.15 is given: the next bill takes it off, and the customer is emailed.'),
  ).toBeVisible();
  await expect(unbilled.getByRole('row', { name: /Credit: IDD calls and SMS/ })).toContainText('-$3.15');
  await expectAccessible(page);
});

test('a supervisor applies a PayNow payment whose reference was mistyped to the bill it was meant for', async ({
  page,
  request,
  staffMember,
}) => {
  const me = await billedCustomer(request);
  // The payer keyed the reference in by hand, with a letter O for a zero: no bill has it.
  const typed = `${me.due.number}O`;
  const paid = await request.post(`${SANDBOX_URL}/sandbox/api/bank/paynow/pay`, {
    data: { uen: '201912345K', reference: typed, amountCents: 2630 },
  });
  expect(paid.status()).toBe(201);
  expect((await request.post(`${SANDBOX_URL}/sandbox/api/bank/settle`)).status()).toBe(200);

  const staff = await staffMember('supervisor');
  await staffSignIn(page, staff);
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Unmatched payments' })
    .click();
  await expect(page.getByRole('heading', { name: 'Unmatched payments' })).toBeVisible();
  const payment = page.getByRole('region', { name: `Payment ${typed}` });
  await expect(async () => {
    await page.reload();
    await expect(payment).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 90_000 });
  await expect(payment).toContainText('The reference names no bill');
  await expect(page.getByRole('status').filter({ hasText: /open; the oldest has waited/ })).toBeVisible();
  await expectAccessible(page);

  await payment.getByRole('button', { name: 'Apply to a bill' }).click();
  await payment.getByRole('textbox', { name: /^Bill number/ }).fill(me.due.number);
  await payment.getByRole('textbox', { name: /^Reason/ }).fill('The customer called: a letter O was typed');
  await expectAccessible(page);
  await payment.getByRole('button', { name: 'Confirm: apply $26.30' }).click();
  await expect(page.getByText('The payment is applied to the bill.')).toBeVisible();
  await expect(payment).toHaveCount(0);

  await page.goto(`/staff/customers/${me.userId}/billing`);
  const bill = page.getByRole('region', { name: `${formatBillMonth(me.dueMonth)} bill ${me.due.number}` });
  await expect(bill).toContainText('Paid');
});

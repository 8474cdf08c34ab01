import type { Page } from '@playwright/test';
import {
  choose,
  expect,
  expectAccessible,
  freshNric,
  heading,
  loginWithPassword,
  next,
  PASSWORD,
  PNG,
  pickNumberAndGoOn,
  registeredCustomer,
  test,
} from './support.ts';

/** Accepts the terms, pays, and types the card on the gateway's page. */
async function payWithCard(page: Page, card: string) {
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Pay $52.50' }).click();
  await expect(page.getByRole('heading', { name: 'Card details' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Tan Mei Ling');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

test('a new customer orders a plan with a new number on a physical SIM and pays by card', {
  tag: '@phone',
}, async ({ page, request }) => {
  test.setTimeout(180_000);
  const c = await registeredCustomer(request);
  await loginWithPassword(page, c.email, PASSWORD);
  await expect(page).toHaveURL(/\/getStarted$/);

  // 1 Plan Configuration
  await heading(page, '1 Plan Configuration');
  await expectAccessible(page);
  await next(page);
  await expect(page.getByText('Plan is required. Please choose plan!')).toBeVisible();
  await page.getByRole('radio', { name: /Value 20/ }).click();
  await page.getByRole('checkbox', { name: /Extra 20GB/ }).check();
  await next(page);

  // 2 Number Selection
  await heading(page, '2 Number Selection');
  await next(page);
  await expect(page.getByText('Please choose Number.')).toBeVisible();
  await expectAccessible(page);
  const chosen = await pickNumberAndGoOn(page);

  // 3 Account Information; a refresh resumes the draft where the customer was
  await page.reload();
  await heading(page, '3 Account Information');
  await choose(page, 'Salutation', 'Ms.');
  await page.getByRole('textbox', { name: 'Given name' }).fill('Mei Ling');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Tan');
  await page.getByRole('textbox', { name: 'Full name as on ID' }).fill('Tan Mei Ling');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByRole('textbox', { name: 'Contact number' }).fill(c.phoneNumber);
  await page.getByRole('textbox', { name: 'ID number' }).fill(freshNric());
  await page.getByLabel('ID issue date').fill('2015-01-10');
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await files.nth(1).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('back.png')).toBeVisible();
  // Each side says when its upload is done.
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  await expectAccessible(page);
  await next(page);

  // 4 Delivery & Billing
  await heading(page, '4 Delivery & Billing');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('238801');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('ORCHARD TURN');
  await page.getByRole('textbox', { name: 'Unit number' }).fill('#04-12');
  await choose(page, 'Delivery date', /day/);
  await expectAccessible(page);
  await next(page);

  // 5 Order Summary
  await heading(page, '5 Order Summary');
  await expect(page.getByRole('cell', { name: 'Me: New number fee' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total \$52\.50/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Includes GST \(9%\) \$4\.33/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay $52.50' }).click();
  await expect(page.getByText('Please accept the Terms and Conditions')).toBeVisible();
  // The gateway's own card page: first a card without funds, then one that pays
  await payWithCard(page, '4000 0000 0000 9995');
  await heading(page, '5 Order Summary');
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Payment deduction failed. Please check your card details or balance, or use another card.',
    }),
  ).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(
    page.getByText('You have ordered successfully! Please wait for the administrator to approve your order.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByText('Order received, awaiting fulfilment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Progress of your latest order' })).toBeVisible();
  await expect(page.getByText('Payment received')).toBeVisible();
  await expectAccessible(page);

  // All orders, then the order with its lines and its progress
  await page.getByRole('link', { name: 'See all orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  // On a phone each row stacks, its cells named by their column as well: read the cells.
  const placed = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^SC\d{6,}$/ }) });
  await expect(placed.getByText('$52.50', { exact: true })).toBeVisible();
  await expect(placed.getByText(/^Paid, being (prepared|checked)$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /^SC\d{6,}$/ }).click();
  await expect(page.getByRole('heading', { name: /^Order SC\d{6,}$/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: `${chosen.slice(0, 4)} ${chosen.slice(4)}` })).toBeVisible();
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByText('Sent to the network for set-up')).toBeVisible();
  await expectAccessible(page);
});

test('the roadshow customer orders an eSIM with a ported-in number, keeping the card for monthly bills', async ({
  page,
  request,
}) => {
  // The roadshow flag is set by the operator's staff at the roadshow. The second demo roadshow
  // customer orders here (the first stays at status 0 for the landing test).
  const roadshowCustomer = 'roadshow2@demo.selfcare.sg';
  const c = await registeredCustomer(request);
  await loginWithPassword(page, roadshowCustomer, 'Selfcare#2026');
  await expect(page).toHaveURL(/\/getStartedNoBill$/);
  await heading(page, '1 Plan Configuration');
  await page.locator('label', { hasText: /^eSIM$/ }).click();
  await expect(page.getByRole('radio', { name: 'eSIM' })).toBeChecked();
  await page.getByRole('radio', { name: /Lite 10/ }).click();
  await next(page);

  await heading(page, '2 Number Selection');
  await page.locator('label', { hasText: /^Keep my number$/ }).click();
  await page.getByRole('textbox', { name: 'Your current mobile number' }).fill('9123');
  await next(page);
  await expect(page.getByText('Please complete typing your number')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your current mobile number' }).fill(`9${c.phoneNumber.slice(1)}`);
  await choose(page, 'Network it is with now', 'Singtel');
  await page.getByRole('checkbox', { name: /postpaid number/ }).check();
  await next(page);

  await heading(page, '3 Account Information');
  await choose(page, 'Salutation', 'Mr.');
  await page.getByRole('textbox', { name: 'Given name' }).fill('Ravi');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Kumar');
  await page.getByRole('textbox', { name: 'Full name as on ID' }).fill('Ravi Kumar');
  await page.getByLabel('Date of birth').fill('1985-02-11');
  await page.getByRole('textbox', { name: 'Contact number' }).fill('91000002');
  await page.getByRole('textbox', { name: 'ID number' }).fill(freshNric());
  await page.getByLabel('ID issue date').fill('2010-03-01');
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await files.nth(1).setInputFiles({
    name: 'back.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  await next(page);

  // Roadshow: the fourth step is Billing only
  await heading(page, '4 Billing');
  await expect(page.getByRole('radiogroup', { name: 'Delivery method' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Postal code' }).fill('520201');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('TAMPINES STREET 21');
  await expectAccessible(page);
  await next(page);

  await heading(page, '5 Order Summary');
  await expect(
    page.getByRole('row', { name: /To pay now \(billed with your first bill\) \$0\.00/ }),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Save my card and order' }).click();
  await page.getByLabel('Name on card').fill('Ravi Kumar');
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry (MM/YY)').fill('11/29');
  await page.getByLabel('Security code').fill('321');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByRole('cell', { name: 'Waiting for an ID check' })).toBeVisible();
});

test('a customer asked for documents finds the upload page and is told what it needs', async ({ page }) => {
  await loginWithPassword(page, 'documents@demo.selfcare.sg', 'Selfcare#2026');
  await expect(page).toHaveURL(/\/uploadID$/);
  await expect(page.getByRole('heading', { name: 'Upload ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Send documents' }).click();
  await expect(page.getByText('Please upload the front and back of your ID.')).toBeVisible();
  // The demo customer stays as staff left them; sending is covered by the API tests.
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('front.png')).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(1);
  await expectAccessible(page);
});

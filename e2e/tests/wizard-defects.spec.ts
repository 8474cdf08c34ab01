import type { Page } from '@playwright/test';
import { placedOrder } from './placed-order.ts';
import {
  choose,
  expect,
  expectAccessible,
  freshNric,
  heading,
  isMobile,
  loginWithPassword,
  next,
  PASSWORD,
  PNG,
  pickNumberAndGoOn,
  registeredCustomer,
  signInWithSingpass,
  test,
} from './support.ts';

/**
 * What a walk through the first half of the order wizard found, walked again: ID sides that showed
 * one thing and sent another, problems shown one at a time, a page wider than a phone, a MyInfo ID
 * number that already had an account, a person with one name, Sentosa refused late, a card error told
 * twice with the terms box cleared, a text file called an invalid extension, and an order that did not
 * say where it goes or on what SIM.
 */

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/**
 * A phone is 360 to 412 px wide: nothing may push the page sideways at any of them. In a phone's
 * browser a page wider than the screen zooms out, and `window.innerWidth` grows with it: the page is
 * measured against the screen's width instead.
 */
async function expectNoSidewaysScroll(page: Page, mobile: boolean) {
  const own = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of mobile ? [360, 390] : []) {
    await page.setViewportSize({ width, height: own.height });
    await expectFits(page, width);
  }
  if (mobile) await page.setViewportSize(own);
  await expectFits(page, own.width);
}

async function expectFits(page: Page, width: number) {
  await expect(async () => {
    const wide = await page.evaluate((screenWidth) => {
      const limit = Math.min(screenWidth, window.innerWidth);
      if (document.documentElement.scrollWidth <= limit) return [];
      return Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
        .slice(0, 5)
        .map(
          (e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().width)}`,
        );
    }, width);
    expect(wide, `wider than the screen at ${width} px`).toEqual([]);
  }).toPass({ timeout: 5_000 });
}

/**
 * Every page the walk visits: no serious accessibility problem, and no sideways scroll (on a phone,
 * `mobile`, at 360 and 390 px as well).
 */
async function check(page: Page, mobile = false) {
  await expectNoSidewaysScroll(page, mobile);
  await expectAccessible(page);
}

/** The ID files this page uploaded, by name: the id the server gave the latest of each name. */
function watchUploads(page: Page) {
  const ids = new Map<string, string>();
  page.on('response', async (res) => {
    if (!/\/api\/v1\/documents\?side=/.test(res.url()) || res.status() !== 201) return;
    const { data } = (await res.json()) as { data: { id: string; fileName: string } };
    ids.set(data.fileName, data.id);
  });
  return ids;
}

/** Clicks Next on step 3 and answers the ID sides the saved step carried. */
async function nextSendingDocuments(page: Page) {
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/orders/draft/account')),
    next(page),
  ]);
  return (sent.postDataJSON() as { documents: { front: string | null; back: string | null } }).documents;
}

async function planAndNewNumber(page: Page, mobile: boolean) {
  await heading(page, '1 Plan Configuration');
  await check(page, mobile);
  await page.getByRole('radio', { name: /Value 20/ }).click();
  await next(page);
  await heading(page, '2 Number Selection');
  // The 'Your line' card and its New number / Keep my number switch fit a phone.
  await pickNumberAndGoOn(page, () => check(page, mobile));
}

async function esimKeepingNumber(page: Page, phone: string) {
  await heading(page, '1 Plan Configuration');
  await page.locator('label', { hasText: /^eSIM$/ }).click();
  await page.getByRole('radio', { name: /Lite 10/ }).click();
  await next(page);
  await heading(page, '2 Number Selection');
  await page.locator('label', { hasText: /^Keep my number$/ }).click();
  await page.getByRole('textbox', { name: 'Your current mobile number' }).fill(`9${phone.slice(1)}`);
  await choose(page, 'Network it is with now', 'StarHub');
  await page.getByRole('checkbox', { name: /postpaid number/ }).check();
  await check(page);
  await next(page);
  await heading(page, '3 Account Information');
}

async function fillAccountByHand(page: Page, phone: string) {
  await choose(page, 'Salutation', 'Ms.');
  await page.getByRole('textbox', { name: 'Given name' }).fill('Mei Ling');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Tan');
  await page.getByRole('textbox', { name: 'Full name as on ID' }).fill('Tan Mei Ling');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByRole('textbox', { name: 'Contact number' }).fill(phone);
  await page.getByRole('textbox', { name: 'ID number' }).fill(freshNric());
  await page.getByLabel('ID issue date').fill('2015-01-10');
}

async function payWithCard(page: Page, card: string) {
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Card details' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Tan Mei Ling');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

test(
  'step 3 sends the ID sides it shows and every problem at once; step 4 refuses Sentosa when found; a refused card is told once; the order says its SIM and address',
  { tag: '@phone' },
  async ({ page, request }, info) => {
    // The longest walk of the suite, with an accessibility scan on each of its twelve views.
    test.setTimeout(180_000);
    const mobile = isMobile(info.project.name);
    const uploads = watchUploads(page);
    const c = await registeredCustomer(request);
    await loginWithPassword(page, c.email, PASSWORD);
    await expect(page).toHaveURL(/\/getStarted$/);
    await planAndNewNumber(page, mobile);

    // 3 Account Information: an under-18 date of birth is told together with everything else missing.
    await heading(page, '3 Account Information');
    await page.getByLabel('Date of birth').fill('2015-03-01');
    await next(page);
    await expect(page.getByText('You must be at least 18 years old to register.')).toBeVisible();
    await expect(page.getByText('Given name is required')).toBeVisible();
    await expect(page.getByText('Contact number is required')).toBeVisible();
    await expect(page.getByText('Please upload the front and back of your ID.')).toHaveCount(2);
    await heading(page, '3 Account Information');
    await check(page, mobile);

    await fillAccountByHand(page, c.phoneNumber);
    const files = page.locator('input[type="file"]');
    await files.nth(0).setInputFiles(png('front.png'));
    await files.nth(1).setInputFiles(png('back.png'));
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);

    // A side removed is empty, and Next says both are needed.
    await page.getByRole('button', { name: 'Remove the ID front file' }).click();
    await expect(page.getByText('front.png')).toHaveCount(0);
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(1);
    await next(page);
    await expect(page.getByText('Please upload the front and back of your ID.')).toBeVisible();
    await heading(page, '3 Account Information');
    await files.nth(0).setInputFiles(png('front.png'));
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);

    // A refused replacement empties the side: a wrong extension is told here, a text file named .png
    // by the server, for its content; Next refuses until a good file is there.
    await files
      .nth(1)
      .setInputFiles({ name: 'back.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(
      page.getByText('The file has an invalid extension. Please upload a JPG, PNG or PDF file.'),
    ).toBeVisible();
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(1);
    await next(page);
    await heading(page, '3 Account Information');
    await expect(
      page.getByText('The file has an invalid extension. Please upload a JPG, PNG or PDF file.'),
    ).toBeVisible();
    await files
      .nth(1)
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
    await expect(page.getByText('The file is not a JPG, PNG or PDF image.')).toBeVisible();
    await next(page);
    await heading(page, '3 Account Information');
    await expect(page.getByText('The file is not a JPG, PNG or PDF image.')).toBeVisible();
    await check(page, mobile);
    await files.nth(1).setInputFiles(png('back-2.png'));
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
    expect(await nextSendingDocuments(page)).toEqual({
      front: uploads.get('front.png'),
      back: uploads.get('back-2.png'),
    });

    // Back to step 3: the kept uploads show, and one can be replaced.
    await heading(page, '4 Delivery & Billing');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await heading(page, '3 Account Information');
    await expect(page.getByText('front.png')).toBeVisible();
    await expect(page.getByText('back-2.png')).toBeVisible();
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
    await files.nth(0).setInputFiles(png('front-3.png'));
    await expect(page.getByText('front-3.png')).toBeVisible();
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
    expect(await nextSendingDocuments(page)).toEqual({
      front: uploads.get('front-3.png'),
      back: uploads.get('back-2.png'),
    });

    // 4 Delivery & Billing: home delivery to Sentosa is refused as soon as the address is found.
    await heading(page, '4 Delivery & Billing');
    const postal = page.getByRole('textbox', { name: 'Postal code' });
    await postal.fill('098269');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('SENTOSA GATEWAY');
    await expect(page.getByText('Delivery to this address is not available.')).toBeVisible();
    await expect(postal).toHaveAttribute('aria-invalid', 'true');
    await check(page, mobile);
    await postal.fill('238801');
    await expect(page.getByText('Delivery to this address is not available.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Find address' }).click();
    await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('ORCHARD TURN');
    await expect(page.getByText('Delivery to this address is not available.')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Unit number' }).fill('#04-12');
    await choose(page, 'Delivery date', /day/);
    await next(page);

    // 5 Order Summary: the SIM type and where it goes.
    await heading(page, '5 Order Summary');
    await expect(page.getByRole('row', { name: 'SIM type Physical SIM' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Delivery method Home Delivery, \w+day/ })).toBeVisible();
    const ion = '2 ORCHARD TURN, #04-12 ION ORCHARD, Singapore 238801';
    await expect(page.getByRole('row', { name: `Delivery address ${ion}` })).toBeVisible();
    await expect(page.getByRole('row', { name: `Billing address ${ion}` })).toBeVisible();
    await check(page, mobile);

    // A card without funds: back at the summary, told once, with the terms still accepted.
    await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
    await payWithCard(page, '4000 0000 0000 9995');
    await heading(page, '5 Order Summary');
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Payment deduction failed. Please check your card details or balance, or use another card.',
      }),
    ).toBeVisible();
    await expect(page.getByText(/Payment deduction failed\./)).toHaveCount(1);
    await expect(page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' })).toBeChecked();
    await check(page, mobile);
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/myAccount$/);
    await check(page, mobile);

    // The order page says the same.
    await page.goto('/manage/orders');
    await page.getByRole('link', { name: /^SC\d{6,}$/ }).click();
    await expect(page.getByRole('heading', { name: /^Order SC\d{6,}$/ })).toBeVisible();
    await expect(page.getByRole('row', { name: 'SIM type Physical SIM' })).toBeVisible();
    await expect(page.getByRole('row', { name: `Delivery address ${ion}` })).toBeVisible();
    await check(page, mobile);
  },
);

/** A MyInfo person who has ordered before, as another customer. */
const REGISTERED = 'S9912370B';

test('an ID number from Myinfo that already has an account is told at the top of step 3, with the way on', async ({
  page,
  request,
}) => {
  const nric = REGISTERED;
  await placedOrder(request, { idNumber: nric });
  const settings = (
    (await (await request.get('/api/v1/settings')).json()) as {
      data: { supportEmail: string; supportPhone: string };
    }
  ).data;

  const c = await registeredCustomer(request);
  await loginWithPassword(page, c.email, PASSWORD);
  await esimKeepingNumber(page, c.phoneNumber);
  await page.getByRole('button', { name: 'Retrieve with Myinfo' }).click();
  await signInWithSingpass(page, nric);
  await expect(page).toHaveURL(/\/getStarted$/);
  await heading(page, '3 Account Information');

  const alert = page.getByRole('alert').filter({ hasText: 'This ID number already has an account' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('log out and log in to it');
  await expect(alert).toContainText(settings.supportEmail);
  await expect(alert).toContainText(settings.supportPhone);
  await expect(page.getByRole('status').filter({ hasText: 'retrieved from Myinfo' })).toHaveCount(0);
  await check(page);

  // A reload keeps saying so, and the server refuses the ID number all the same.
  await page.reload();
  await heading(page, '3 Account Information');
  await expect(alert).toBeVisible();
  await page.getByRole('textbox', { name: 'Given name' }).fill('Elizaberth Pierce');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Johnson');
  await page.getByRole('textbox', { name: 'Contact number' }).fill(c.phoneNumber);
  await page.getByLabel('ID issue date').fill('2016-07-01');
  await next(page);
  await expect(page.getByText('The ID number has already been registered')).toBeVisible();
  await heading(page, '3 Account Information');

  // Clearing MyInfo's details: the customer may retrieve again or fill in step 3 by hand.
  await alert.getByRole('button', { name: 'Clear Myinfo details' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retrieve with Myinfo' })).toBeVisible();
  const idNumber = page.getByRole('textbox', { name: 'ID number' });
  await expect(idNumber).toHaveValue('');
  await expect(idNumber).toBeEditable();
  await check(page);
  await fillAccountByHand(page, c.phoneNumber);
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles(png('front.png'));
  await files.nth(1).setInputFiles(png('back.png'));
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  await next(page);
  await heading(page, '4 Delivery & Billing');
});

test('a person with one name orders through Myinfo, with no family name', async ({ page, request }) => {
  // MockPass has one mononymous person; the walk stops before paying.
  const c = await registeredCustomer(request);
  await loginWithPassword(page, c.email, PASSWORD);
  await esimKeepingNumber(page, c.phoneNumber);
  await page.getByRole('button', { name: 'Retrieve with Myinfo' }).click();
  await signInWithSingpass(page, 'S9912366D');
  await expect(page).toHaveURL(/\/getStarted$/);
  await heading(page, '3 Account Information');
  await expect(page.getByRole('textbox', { name: 'Full name as on ID' })).toHaveValue('FATIMAH');
  await expect(page.getByRole('textbox', { name: 'Given name' })).toHaveValue('Fatimah');
  const family = page.getByRole('textbox', { name: 'Family name' });
  await expect(family).toHaveValue('');
  await expect(family).not.toHaveAttribute('required');
  await page.getByRole('textbox', { name: 'Contact number' }).fill(c.phoneNumber);
  await page.getByLabel('ID issue date').fill('2016-07-01');
  await check(page);
  await next(page);

  await heading(page, '4 Delivery & Billing');
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('BRADDELL HILL');
  await check(page);
  await next(page);
  await heading(page, '5 Order Summary');
  await expect(page.getByRole('row', { name: 'SIM type eSIM' })).toBeVisible();
  await expect(
    page.getByRole('row', {
      name: 'Billing address 10 BRADDELL HILL, #23-12 BRADDELL VIEW, Singapore 579719',
    }),
  ).toBeVisible();
  await check(page);
});

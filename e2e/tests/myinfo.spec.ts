import {
  choose,
  codeIn,
  expect,
  expectAccessible,
  heading,
  loginWithPassword,
  next,
  PASSWORD,
  registeredCustomer,
  signInWithSingpass,
  test,
  waitForMessage,
} from './support.ts';

/**
 * Each width orders as a different MyInfo person, since an ID number belongs to one customer. The
 * desktop person works for a CIS company (by MyInfo's employer), the mobile one does not.
 */
const PERSONS = {
  desktop: {
    nric: 'S9812379B',
    fullName: 'LIM YONG XIANG',
    givenName: 'Yong Xiang',
    familyName: 'Lim',
    street: 'LORONG 1 TOA PAYOH',
    cis: 'You are eligible for the Orchid Health Group plans.',
  },
  mobile: {
    nric: 'S9912374E',
    fullName: 'TIMOTHY TAN CHENG GUAN',
    givenName: 'Timothy',
    familyName: 'Tan',
    street: 'JURONG EAST AVENUE 1',
    cis: null,
  },
} as const;

test(
  'a customer orders an eSIM, keeping their number, with their details from Myinfo',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    const person = PERSONS[testInfo.project.name as keyof typeof PERSONS];
    const c = await registeredCustomer(request);
    await loginWithPassword(page, c.email, PASSWORD);
    await expect(page).toHaveURL(/\/getStarted$/);

    await heading(page, '1 Plan Configuration');
    await page.locator('label', { hasText: /^eSIM$/ }).click();
    await page.getByRole('radio', { name: /Lite 10/ }).click();
    await next(page);

    await heading(page, '2 Number Selection');
    await page.locator('label', { hasText: /^Keep my number$/ }).click();
    await page
      .getByRole('textbox', { name: 'Your current mobile number' })
      .fill(`9${c.phoneNumber.slice(1)}`);
    await choose(page, 'Network it is with now', 'StarHub');
    await page.getByRole('checkbox', { name: /postpaid number/ }).check();
    await next(page);

    // 3 Account Information: Retrieve with Myinfo, through Singpass on MockPass and back
    await heading(page, '3 Account Information');
    await page.getByRole('button', { name: 'Retrieve with Myinfo' }).click();
    await signInWithSingpass(page, person.nric);
    await expect(page).toHaveURL(/\/getStarted$/);
    await expect(page.getByRole('status').filter({ hasText: 'retrieved from Myinfo' })).toBeVisible();
    if (person.cis) await expect(page.getByText(person.cis)).toBeVisible();
    await heading(page, '3 Account Information');
    const fullName = page.getByRole('textbox', { name: 'Full name as on ID' });
    await expect(fullName).toHaveValue(person.fullName);
    await expect(fullName).not.toBeEditable();
    await expect(page.getByRole('textbox', { name: 'ID number' })).toHaveValue(person.nric);
    await expect(page.getByRole('textbox', { name: 'ID number' })).not.toBeEditable();
    await expect(
      page.getByText('Your identity is verified with Myinfo, so no copy of your ID is needed.'),
    ).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    // What MyInfo does not hold, the customer adds: which of the names is the family name, and the
    // ID's issue date.
    await expect(page.getByRole('textbox', { name: 'Given name' })).toHaveValue('');
    await page.getByRole('textbox', { name: 'Given name' }).fill(person.givenName);
    await page.getByRole('textbox', { name: 'Family name' }).fill(person.familyName);
    await page.getByLabel('ID issue date').fill('2016-07-01');
    await expectAccessible(page);
    await next(page);

    // 4 Delivery & Billing: eSIM, so no delivery; billing starts at the address MyInfo holds
    await heading(page, '4 Delivery & Billing');
    await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue(person.street);
    await expectAccessible(page);
    await next(page);

    await heading(page, '5 Order Summary');
    await expect(page.getByText('Moving from StarHub')).toBeVisible();
    await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByLabel('Name on card').fill(person.fullName);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(
      page.getByText(
        'You have ordered successfully! Please wait for the administrator to approve your order.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/myAccount$/);
  },
);

test('a customer checks their corporate eligibility with a code sent to their company email', async ({
  page,
  request,
}) => {
  const c = await registeredCustomer(request);
  await loginWithPassword(page, c.email, PASSWORD);
  await heading(page, '1 Plan Configuration');
  await expect(page.getByRole('radio', { name: /Acme Staff 18/ })).toHaveCount(0);

  const email = page.getByRole('textbox', { name: 'Company email address' });
  await email.fill(`${c.email.split('@')[0]}@gmail.com`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Not eligible for CIS')).toBeVisible();

  const work = `${c.email.split('@')[0]}@acme.com.sg`;
  await email.fill(work);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We have sent the code to your company email address.')).toBeVisible();
  const mail = await waitForMessage(request, work);
  await page.getByRole('textbox', { name: 'Code from the email' }).fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are eligible for the Acme Engineering Pte Ltd plans.' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /Acme Staff 18/ })).toBeVisible();
  await expectAccessible(page);
});

test('a customer who declines to share with Myinfo is told so and fills in by hand', async ({
  page,
  request,
}) => {
  const c = await registeredCustomer(request);
  await loginWithPassword(page, c.email, PASSWORD);
  await heading(page, '1 Plan Configuration');
  // Corporate plans can also be checked with Myinfo, by the employer it holds.
  await page.getByRole('button', { name: 'Check with Myinfo' }).click();
  await signInWithSingpass(page, 'S9812379B', 'Deny');
  await expect(page).toHaveURL(/\/getStarted$/);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Your details cannot be retrieved from Myinfo now. Please fill them in yourself.' }),
  ).toBeVisible();
  await heading(page, '1 Plan Configuration');
  await expect(page.getByRole('radio', { name: /Orchid Care 28/ })).toHaveCount(0);
  await expectAccessible(page);
});

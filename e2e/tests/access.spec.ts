import {
  codeIn,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  isMobile,
  loginWithPassword,
  test,
  typeCode,
  waitForMessage,
} from './support.ts';

const landings: [email: string, path: RegExp, title: string][] = [
  ['new@demo.selfcare.sg', /\/getStarted$/, 'Get Started'],
  ['roadshow@demo.selfcare.sg', /\/getStartedNoBill$/, 'Get Started'],
  ['ordered@demo.selfcare.sg', /\/myAccount$/, 'My Account'],
  ['active@demo.selfcare.sg', /\/dashboard\/local$/, 'Local Usage'],
  ['documents@demo.selfcare.sg', /\/uploadID$/, 'Upload ID'],
];

for (const [email, path, title] of landings) {
  test(`${email} lands on ${title}`, async ({ page }) => {
    await loginWithPassword(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(title);
  });
}

test('a page the status does not permit shows the no-access page', async ({ page }) => {
  await loginWithPassword(page, 'ordered@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  await page.goto('/bills');
  await expect(page.getByRole('heading', { name: 'No access to this page.' })).toBeVisible();
  await expect(
    page.getByText('You do not have the necessary permissions to access this page.'),
  ).toBeVisible();
  await expectAccessible(page);
});

test('My Account shows the account and its additional lines', { tag: '@phone' }, async ({ page }, info) => {
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  if (isMobile(info.project.name)) {
    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page.getByText('Hello Aaron')).toBeVisible();
  } else {
    await page.getByRole('link', { name: 'MY ACCOUNT' }).click();
  }
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page.getByText('active@demo.selfcare.sg')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sarah Tan' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+65 8100 0002' })).toBeVisible();
  await expectAccessible(page);
});

test('menus follow the account: Us and individual usage for type 0, Booster only with the flag', async ({
  page,
}) => {
  await loginWithPassword(page, 'booster@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await expect(page.getByRole('heading', { name: 'Local Usage', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Manage' }).hover();
  await expect(page.getByRole('menuitem', { name: /^Us/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Booster/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /^Booster/ }).click();
  await expect(page).toHaveURL(/\/manage\/booster$/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Log out' }).click();
  await loginWithPassword(page, 'corporate@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  // Hovered once the page is drawn, as a customer would: a menu hovered while the page's parts were
  // still arriving once stayed shut.
  await expect(page.getByRole('heading', { name: 'Local Usage', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Manage' }).hover();
  await expect(page.getByRole('menuitem', { name: /^Suspension/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Us/ })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: /^Booster/ })).toHaveCount(0);
  await page.goto('/manage/booster');
  await expect(page).toHaveURL(/\/dashboard\/local$/);
});

test(
  'mobile shows a bottom navigation 80px tall with one item per section',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.skip(!isMobile(info.project.name), 'mobile layout');
    await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    const bottom = page.getByRole('navigation', { name: 'Sections' });
    await expect(bottom).toBeVisible();
    expect((await bottom.boundingBox())?.height).toBe(80);
    await expect(bottom.getByRole('link')).toHaveText(['Profile', 'Manage', 'Dashboard', 'Bills']);
    await expect(page.getByRole('contentinfo')).toBeHidden();
  },
);

test('a sub-line user logs in by SMS code and sees only the dashboard', async ({ page, request }) => {
  const number = '81000001';
  await page.goto('/login?tab=otp');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(number);
  await page.getByRole('button', { name: 'Send code' }).click();
  const sms = await waitForMessage(request, `+65${number}`);
  await typeCode(page, codeIn(sms.text));
  await page.getByRole('button', { name: 'Log in with code' }).click();
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  // Their own line's balances, and no other line of the account.
  const own = `+65 ${number.slice(0, 4)} ${number.slice(4)} (Us)`;
  await expect(
    page.getByRole('region', { name: own }).getByRole('progressbar', { name: /^Data: / }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: /\(Me\)|\(Us\)/ })).toHaveCount(1);
  await expect(page.getByText('+65 9100 0004')).toHaveCount(0);
  for (const path of ['/bills', '/myAccount', '/manage/mobileSubLine', '/manage/suspension']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'No access to this page.' })).toBeVisible();
  }
  await page.goto('/dashboard/roamingUsage');
  await expect(page).toHaveTitle('Roaming Usage');
  await expect(page.getByRole('heading', { name: 'No access to this page.' })).toHaveCount(0);
});

test('without a login every shell page goes to /login and comes back after it', async ({ page }) => {
  await page.goto('/manage/orders');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ordered@demo.selfcare.sg');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/orders$/);
});

test('unknown paths go to / and /callback forwards to its ref with the query kept', async ({ page }) => {
  await loginWithPassword(page, 'ordered@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/myAccount$/);
  // Only the pages that start a Singpass round trip are refs /callback returns to.
  // The page reached takes the code at once and clears it from the address, so every address the
  // tab shows is recorded rather than only the last.
  const state = encodeURIComponent(JSON.stringify({ ref: '/activeSimOnline' }));
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  await page.goto(`/callback?code=abc&state=${state}`);
  await expect
    .poll(() => shown)
    .toContainEqual(expect.stringMatching(new RegExp(`/activeSimOnline\\?code=abc&state=${state}$`)));
});

test('the session survives a reload through the refresh cookie', async ({ page }) => {
  await loginWithPassword(page, 'ordered@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  await page.reload();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByText('ordered@demo.selfcare.sg')).toBeVisible();
});

test('a session ended elsewhere sends the customer to /login on their next call', async ({ page }) => {
  await loginWithPassword(page, 'ordered@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  // My Account has loaded: its own call is done before the session ends (under load it was still
  // in flight, got the 401 itself, and the page left for /login before the navigation below).
  await expect(page.getByText('ordered@demo.selfcare.sg')).toBeVisible();
  // Another tab logs out: the session is revoked on the server and the refresh cookie is cleared.
  await page.evaluate(() => fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' }));
  // In-app navigation back to My Account: its call gets 401, the silent refresh fails, the session ends.
  const accountCalls: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/account')) accountCalls.push(String(r.status()));
  });
  const accountAnswer = page.waitForResponse((r) => r.url().includes('/api/v1/account'));
  await page.getByRole('link', { name: 'Selfcare Mobile home' }).click();
  expect((await accountAnswer).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  expect(accountCalls).toEqual(['401']);
  await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
});

test('a new deployment reloads an open page once', async ({ page }) => {
  await loginWithPassword(page, 'ordered@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  const current = await page.evaluate(() => localStorage.getItem('version'));
  expect(current).not.toBeNull();
  await page.evaluate(() => localStorage.setItem('version', JSON.stringify('an-older-build')));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.reload();
  await expect.poll(() => loads).toBe(2);
  await page.waitForLoadState();
  expect(await page.evaluate(() => localStorage.getItem('version'))).toBe(current);
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  expect(loads).toBe(2);
});

test('the accessibility check fails a page with text too faint to read or an image with no text', async ({
  page,
}) => {
  // Every journey's expectAccessible rests on this: planted on the login page, each is found.
  await page.goto('/login');
  await expectAccessible(page);
  await page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement;
    const faint = Object.assign(document.createElement('p'), { textContent: 'Faint words' });
    faint.style.color = '#dddddd';
    const picture = Object.assign(document.createElement('img'), { src: '/favicon.svg' });
    main.append(faint, picture);
  });
  await expect(expectAccessible(page)).rejects.toThrow(
    /color-contrast[\s\S]*image-alt|image-alt[\s\S]*color-contrast/,
  );
});

import { formatSgMobile } from '@selfcare/domain';
import { atMvne, liveLineCustomer } from './live-line.ts';
import { expect, expectAccessible, loginWithPassword, PASSWORD, staffSignIn, test } from './support.ts';

/**
 * A line's services, each test on a customer and line of its own: suspending a line
 * (and support resuming it in the staff console), and barring international calls and SMS. The
 * worker tells the sandbox MVNE of each change, and the test checks the network has it.
 */
test('a customer suspends a line with a reason, and support resumes it in the staff console', async ({
  page,
  request,
  staffMember,
}) => {
  const me = await liveLineCustomer(request);
  const line = `+65 ${formatSgMobile(me.msisdn)} (Me)`;
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/suspension');
  await expect(page).toHaveTitle('Suspension');
  const region = page.getByRole('region', { name: line });
  await expect(region.getByText('Status: Active')).toBeVisible();
  await expectAccessible(page);
  await region.getByRole('link', { name: `Suspend ${line}` }).click();
  await expect(page).toHaveURL(/\/manage\/suspension\/[0-9a-f-]+\/edit$/);

  // No reason chosen: said so, and nothing is sent.
  await page.getByRole('button', { name: 'Suspend this line now' }).click();
  await expect(page.getByText('Please choose a reason.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Travelling overseas for a while' }).check();
  await page.getByRole('button', { name: 'Suspend this line now' }).click();
  await expect(page.getByText('Suspend service successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/suspension$/);
  await expect(region.getByText('Status: Suspension')).toBeVisible();
  await expect(region.getByText(/Travelling overseas for a while/)).toBeVisible();
  await expect(region.getByText(/To resume this line, please contact our support team/)).toBeVisible();
  await expect(region.getByRole('link', { name: /^Suspend/ })).toHaveCount(0);
  await expect
    .poll(async () => (await atMvne(request, me.serviceId)).state, { timeout: 30_000 })
    .toBe('suspended');
  await expectAccessible(page);

  // Support resumes it, with a reason.
  const staff = await staffMember('agent');
  const console = await page.context().newPage();
  await staffSignIn(console, staff);
  await console.goto(`/staff/customers/${me.userId}/lines`);
  // Whose lines: the agent reads the customer's name first.
  await expect(console.getByRole('heading', { level: 1 })).toHaveText(/^Lines of \S/);
  const number = formatSgMobile(me.msisdn);
  const staffLine = console.getByRole('region', { name: `Line ${number}` });
  await expect(staffLine).toContainText('Suspension');
  await expect(staffLine).toContainText('Travelling overseas for a while');
  await expectAccessible(console);
  await staffLine.getByRole('button', { name: `Unsuspend ${number}` }).click();
  await staffLine
    .getByRole('textbox', { name: `Reason to unsuspend ${number}` })
    .fill('Back from travel, called us');
  await staffLine.getByRole('button', { name: 'Confirm: unsuspend' }).click();
  await expect(console.getByText('Unsuspend service successfully')).toBeVisible();
  await expect(staffLine).toContainText('Unsuspension');
  await expect
    .poll(async () => (await atMvne(request, me.serviceId)).state, { timeout: 30_000 })
    .toBe('active');

  await page.reload();
  await expect(page.getByRole('region', { name: line }).getByText('Status: Unsuspension')).toBeVisible();
  await expect(
    page.getByRole('region', { name: line }).getByRole('link', { name: `Suspend ${line}` }),
  ).toBeVisible();

  // What was sent about it, the alerts' emails and texts (suspended, then unsuspended), is in the
  // customer's inbox (ADR 0058): the bell counts them on the next page once all four went out.
  const bell = page.getByRole('button', { name: /^Messages/ });
  await expect
    .poll(
      async () => {
        await page.goto('/manage/suspension');
        return Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
      },
      // Four messages through the queue, SMTP and the SMS gateway: on a loaded machine the last went
      // out 31 s after the unsuspension.
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(4);
  await bell.click();
  const inbox = page.getByRole('dialog', { name: 'Messages from the last 90 days' });
  const sent = inbox.getByRole('listitem');
  await expect(
    sent.filter({ hasText: /^Email/ }).filter({ hasText: 'Your line was suspended' }),
  ).toBeVisible();
  const sms = sent.filter({ hasText: /^SMS/ }).filter({ hasText: 'was suspended' }).first();
  await expect(sms).toBeVisible();
  await expectAccessible(page);
  await sms.getByRole('link', { name: 'Open' }).click();
  await expect(inbox).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard/);
  // Opened, they are read: the bell counts none.
  await expect(page.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();
});

test('a customer bars outgoing international calls and SMS on a line, and the network has it', async ({
  page,
  request,
}) => {
  const me = await liveLineCustomer(request);
  const line = `+65 ${formatSgMobile(me.msisdn)} (Me)`;
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/internationalCall');
  await expect(page).toHaveTitle('International Calls and SMS');
  const region = page.getByRole('region', { name: line });
  await expect(region.getByText('Outgoing international calls and SMS (IDD): Allowed')).toBeVisible();
  await expectAccessible(page);
  await region.getByRole('link', { name: `Change international calls and SMS on ${line}` }).click();
  await expect(page).toHaveURL(/\/manage\/internationalCall\/[0-9a-f-]+\/edit$/);
  await expect(
    page.getByRole('checkbox', { name: 'Bar incoming international calls and SMS' }),
  ).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Bar outgoing international calls and SMS (IDD)' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/internationalCall$/);
  await expect(region.getByText('Outgoing international calls and SMS (IDD): Barred')).toBeVisible();
  await expect(region.getByText('Incoming international calls and SMS: Allowed')).toBeVisible();
  await expect
    .poll(async () => (await atMvne(request, me.serviceId)).barOutgoingInternational, { timeout: 30_000 })
    .toBe('true');
  // Once the network confirms it, a fresh page no longer says the change is on its way.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByRole('region', { name: line })
          .getByText(/The network is applying/)
          .count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await expectAccessible(page);
});

test('a customer sets their line to end, cancels it, then ends it today; the network releases it', async ({
  page,
  request,
}) => {
  const me = await liveLineCustomer(request);
  const line = `+65 ${formatSgMobile(me.msisdn)} (Me)`;
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/termination');
  await expect(page).toHaveTitle('Termination');
  await expect(page.getByText('Nothing is set to end.')).toBeVisible();
  await expectAccessible(page);

  // Without a choice, then with a wrong password: said so, nothing set.
  await page.getByRole('button', { name: 'End it on this day' }).click();
  await expect(page.getByText('Please choose what to end.')).toBeVisible();
  await page.getByRole('radio', { name: line }).check();
  const inAWeek = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('End date').fill(inAWeek);
  await page.getByLabel('Your password, to confirm').fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'End it on this day' }).click();
  await expect(page.getByText('Password incorrect. Please Re-enter.')).toBeVisible();
  await page.getByLabel('Your password, to confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'End it on this day' }).click();
  await expect(page.getByText(/^Your account will close on /)).toBeVisible();
  const scheduled = page.getByRole('region', { name: 'Set to end' });
  await expect(scheduled).toContainText(/Ends on .+, with the whole account/);
  await expectAccessible(page);
  await scheduled.getByRole('button', { name: `Cancel ending ${line}` }).click();
  await expect(page.getByText('The termination is cancelled.')).toBeVisible();
  await expect(scheduled.getByText('Nothing is set to end.')).toBeVisible();

  // Today: the line ends at once, and the network has it.
  await page.getByRole('radio', { name: line }).check();
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await page.getByLabel('End date').fill(today);
  await page.getByLabel('Your password, to confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'End it on this day' }).click();
  await expect(page.getByText(/^Your account will close on /)).toBeVisible();
  await expect(page.getByText('You have no active lines yet.')).toBeVisible();
  await expect
    .poll(async () => (await atMvne(request, me.serviceId)).state, { timeout: 30_000 })
    .toBe('terminated');
});

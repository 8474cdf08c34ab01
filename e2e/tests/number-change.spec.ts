import { randomInt } from 'node:crypto';
import { formatSgMobile } from '@selfcare/domain';
import { atMvne, liveLineCustomer } from './live-line.ts';
import { expect, expectAccessible, loginWithPassword, PASSWORD, test } from './support.ts';

/**
 * /manage/numberChange, on a customer and line of their own: choose a new number
 * (held while choosing), see its fee and when it takes effect, confirm, and the sandbox MVNE moves
 * the line onto it.
 */
test('a customer changes a line to a new number of their choice, and the network has it', async ({
  page,
  request,
}) => {
  const me = await liveLineCustomer(request);
  const old = `+65 ${formatSgMobile(me.msisdn)}`;
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/numberChange');
  await expect(page).toHaveTitle('Change Number');
  await expect(page.getByRole('heading', { name: `${old} (Me)` })).toBeVisible();
  await expectAccessible(page);

  const choices = page.getByRole('radiogroup', { name: 'New numbers' });
  // Other tests hold numbers from the same pool at the same time: take one at random from the page.
  await expect(choices.getByRole('radio').first()).toBeVisible();
  const offered = await choices.getByRole('radio').count();
  const first = choices.getByRole('radio').nth(randomInt(offered));
  const label = (await first.getAttribute('value')) as string;
  expect(label).toMatch(/^[89]\d{7}$/);
  const chosen = `+65 ${formatSgMobile(label)}`;
  await expect(page.getByText('A number change costs $22.00, on your next bill.')).toBeVisible();
  await first.check();
  await page.getByRole('button', { name: `Hold ${chosen}` }).click();
  await expect(page.getByText('The number is held for you. Confirm to change to it.')).toBeVisible();
  const held = page.getByRole('region', { name: `Your new number: ${chosen}` });
  await expect(held.getByText('Fee: $22.00, on your next bill.')).toBeVisible();
  await expect(held.getByText(/^Held for you until/)).toBeVisible();
  await expect(
    held.getByText(
      `The change takes effect within minutes of confirming. ${old} then stops working and is released.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);

  await held.getByRole('button', { name: `Change to ${chosen}` }).click();
  await expect(page.getByText('Your number change has been submitted.')).toBeVisible();
  await expect(page.getByText(`Changed from ${old} to ${chosen}`, { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: `${chosen} (Me)` })).toBeVisible();
  expect((await atMvne(request, me.serviceId)).MSISDN).toBe(label);
  await expectAccessible(page);
});

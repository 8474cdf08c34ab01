import { DEMO_PASSWORD, expect, expectAccessible, loginWithPassword, test } from './support.ts';

/**
 * The Help page: an active customer searches it, opens the answer with the keyboard, reads it and
 * follows its link to the page it is about. Nothing is changed, so other journeys may share the demo
 * customer.
 */
test('an active customer searches Help, opens the PayNow answer and follows it to Bills', async ({
  page,
}) => {
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/helps');
  await expect(page).toHaveTitle('Help');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Bills and payments', level: 2 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Contact us', level: 2 })).toBeVisible();
  await expectAccessible(page);

  const search = main.getByRole('searchbox', { name: 'Search the questions' });
  // Nothing matches: the support contacts are offered beside the message.
  await search.fill('parking ticket');
  await expect(main.getByRole('status')).toHaveText('No answers match “parking ticket”.');
  await expect(main.getByRole('link', { name: /^Email / })).toHaveCount(2);

  await search.fill('PayNow');
  await expect(main.getByRole('status')).toHaveText('3 answers match “PayNow”.');
  await expect(main.getByText('How do I install my eSIM?')).toHaveCount(0);

  const answer = main.locator('details').filter({ hasText: 'How can I pay my bill?' });
  const link = answer.getByRole('link', { name: 'Go to Bills' });
  await expect(link).toBeHidden();
  await answer.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(answer).toHaveAttribute('open', '');
  await expect(answer.getByText(/^PayNow takes up to 2 working days\./)).toBeVisible();
  await expectAccessible(page);

  await link.click();
  await expect(page).toHaveURL(/\/bills$/);
  await expect(page.getByRole('heading', { name: 'Bills', level: 1 })).toBeVisible();
});

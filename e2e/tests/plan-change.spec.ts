import { DAY, DEMO_PASSWORD, expect, expectAccessible, loginWithPassword, test } from './support.ts';

/** One 'Us' line of the demo customer. */
const LINE = '+65 8100 0001 (Us)';

test('a plan change is scheduled for the next processing day, seen, and cancelled', async ({ page }) => {
  const line = LINE;
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/planChange');
  await expect(page).toHaveTitle('Change Plan');
  await expect(
    page.getByText(/processed on the 7th, 15th and 21st of the month, or the next working day/),
  ).toBeVisible();
  const region = page.getByRole('region', { name: line });
  await region.getByRole('button', { name: `Review the plan change for ${line}` }).click();
  await expect(region.getByText('Plan is required. Please choose plan!')).toBeVisible();
  await region
    .getByRole('combobox', { name: `New plan: ${line}` })
    .selectOption({ label: 'Plus 35 ($35.00 a month)' });
  await expect(region.getByText(/a month more than now/)).toBeVisible();
  await region.getByRole('button', { name: `Review the plan change for ${line}` }).click();
  await expect(
    region.getByText(new RegExp(String.raw`to Plus 35 \(\$35\.00 a month, GST included\) on ${DAY}\.`)),
  ).toBeVisible();
  await expectAccessible(page);
  await region.getByRole('button', { name: `Confirm the plan change for ${line}` }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  await expect(region.getByText(new RegExp(`^Moving to Plus 35 on ${DAY}`))).toBeVisible();
  // Kept: a fresh page shows it, and it is cancelled from there.
  await page.reload();
  const again = page.getByRole('region', { name: line });
  await again.getByRole('button', { name: `Cancel the plan change for ${line}` }).click();
  await again.getByRole('button', { name: `Yes, cancel the plan change for ${line}` }).click();
  await expect(page.getByText('Data deleted successfully.')).toBeVisible();
  await expect(again.getByRole('combobox', { name: `New plan: ${line}` })).toBeVisible();
  await expectAccessible(page);
});

import { expect, test } from '@playwright/test';

test('login page renders', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login');
  await page.screenshot({ path: `test-results/login-${test.info().project.name}.png`, fullPage: true });
});

import { ROUTES } from '@selfcare/domain';
import { DEMO_PASSWORD, expect, expectAccessible, isMobile, loginWithPassword, test } from './support.ts';

/**
 * At a phone's width the journeys whose pages change shape run (tagged @phone); this walks every other
 * page a customer with lines opens, so that each is still checked at that width: it has its heading,
 * nothing runs off the side of the screen, and axe finds nothing serious.
 */
const pages = ROUTES.filter((r) => !('public' in r && r.public) && !r.path.includes(':') && r.path !== '/');

test(
  'every page an active customer opens fits a phone and passes the accessibility check',
  {
    tag: '@phone',
  },
  async ({ page }, info) => {
    test.skip(!isMobile(info.project.name), "the desktop's pages are the journeys'");
    test.setTimeout(240_000);
    await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    const faults: string[] = [];
    for (const route of pages) {
      await page.goto(route.path);
      // The page's own heading, or the one saying the account may not open it.
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0);
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (wide > 0) faults.push(`${route.path} is ${wide}px wider than the screen`);
      await test.step(route.path, () => expectAccessible(page));
    }
    expect(faults).toEqual([]);
  },
);

import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  isMobile,
  loginWithPassword,
  openSettled,
  overflowWidth,
  SIGNED_IN_PAGES,
  test,
} from './support.ts';

/**
 * At a phone's width the journeys whose pages change shape run (tagged @phone); this walks every other
 * page a customer with lines opens, so that each is still checked at that width: it has its heading,
 * nothing runs off the side of the screen, and axe finds nothing serious.
 */
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
    for (const path of SIGNED_IN_PAGES) {
      await openSettled(page, path);
      const wide = await overflowWidth(page);
      if (wide > 0) faults.push(`${path} is ${wide}px wider than the screen`);
      await test.step(path, () => expectAccessible(page));
    }
    expect(faults).toEqual([]);
  },
);

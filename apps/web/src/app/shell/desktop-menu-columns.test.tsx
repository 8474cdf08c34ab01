import { MantineProvider } from '@mantine/core';
import type { AuthUser } from '@selfcare/domain';
import { routeByName } from '@selfcare/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { customer, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { Layout } from './layout.tsx';

/*
 * SPEC: the desktop top bar's hover sub-menu groups child items four per column. The columns are
 * drawn by the portal's stylesheet (a grid that fills each column top to bottom); happy-dom has no
 * layout engine, so the test loads app.css and reads the columns off the grid the browser is given:
 * with the items flowing into columns of N rows, column k holds the dropdown's items kN+1 to kN+N.
 */

let sheet: HTMLStyleElement;
beforeAll(async () => {
  // Vitest serves .css imports empty, so the stylesheet is read from disk.
  const { readFileSync } = (await import('node:fs' as string)) as {
    readFileSync: (path: string, encoding: 'utf8') => string;
  };
  const here = (import.meta as ImportMeta & { dirname: string }).dirname;
  sheet = document.createElement('style');
  sheet.textContent = readFileSync(`${here}/../app.css`, 'utf8');
  document.head.append(sheet);
});
afterAll(() => sheet.remove());

/** The portal's shell on a page that shows the menu, for this signed-in customer. */
async function signedIn(user: AuthUser) {
  session.set({ ...sessionOf('token-1'), authUser: user });
  // env="test": Mantine's test mode, without which a zero-sized target (no layout here) hides the dropdown.
  renderPage(
    <MantineProvider env="test">
      <Layout route={routeByName('local')}>
        <p>Local usage</p>
      </Layout>
    </MantineProvider>,
  );
  return screen.findByRole('navigation', { name: 'Main menu' });
}

/** Hovers the top item `name` and returns the sub-menu it opens. */
async function hoverMenu(nav: HTMLElement, name: string) {
  fireEvent.mouseEnter(within(nav).getByRole('button', { name: new RegExp(`^${name}\\b`) }));
  return screen.findByRole('menu', { name: new RegExp(`^${name}\\b`) });
}

/** The sub-menu's columns as drawn: each column's entries by accessible name, top to bottom. */
function columnsOf(menu: HTMLElement): string[][] {
  const grid = getComputedStyle(menu);
  expect(grid.display, 'the sub-menu is laid out as a grid').toBe('grid');
  expect(grid.gridAutoFlow, 'the sub-menu fills a column before starting the next').toBe('column');
  const repeat = /^repeat\((\d+),/.exec(grid.gridTemplateRows);
  const rows = repeat ? Number(repeat[1]) : grid.gridTemplateRows.split(/\s+/).filter(Boolean).length;
  expect(rows, `rows of the sub-menu grid (${grid.gridTemplateRows})`).toBeGreaterThan(0);

  const names = new Map<Element, string>();
  within(menu).queryAllByRole('menuitem', {
    name: (name, element) => {
      names.set(element, name);
      return true;
    },
  });
  // Every box in the grid takes a cell, menu item or not: a stray one would push the items along.
  const cells = [...menu.children].filter((c) => getComputedStyle(c).display !== 'none');
  const labels = cells.map((c) => names.get(c) ?? `<${c.tagName.toLowerCase()}> that is not a menu item`);
  const columns: string[][] = [];
  for (let i = 0; i < labels.length; i += rows) columns.push(labels.slice(i, i + rows));
  return columns;
}

const hrefs = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('href'));

describe('desktop top bar: hover sub-menu columns', () => {
  it('puts the ten Manage items of an active individual customer four to a column, in order, then the /manage hub', async () => {
    const nav = await signedIn(customer({ type: 0, enable: true }));
    const menu = await hoverMenu(nav, 'Manage');

    expect(columnsOf(menu)).toEqual([
      [
        'Us Additional lines',
        'Booster Extra data for 30 days or monthly',
        'Number Porting Bring your number',
        'Change Number Get a new number',
      ],
      [
        'Change Plan Move to another plan',
        'Roaming Roaming packs',
        'IDD International calls and SMS',
        'SIM Management SIM cards and eSIM profiles',
      ],
      [
        'Suspension Suspend your service',
        'International Calls and SMS Bar international calls and SMS, each way',
        'All of Manage… Add-ons, orders, lost SIM and more',
      ],
    ]);
    expect(hrefs(menu)).toEqual([
      '/manage/mobileSubLine',
      '/manage/booster',
      '/manage/numberPort',
      '/manage/numberChange',
      '/manage/planChange',
      '/manage/roaming',
      '/manage/globalSMS',
      '/manage/simManagement',
      '/manage/suspension',
      '/manage/internationalCall',
      '/manage',
    ]);
  });

  it('breaks after every fourth item whatever the count: ten items are 4, 4 and 2', async () => {
    // Without the enable flag there is no Booster.
    const nav = await signedIn(customer({ type: 0, enable: false }));
    const columns = columnsOf(await hoverMenu(nav, 'Manage'));
    expect(columns.map((c) => c.length)).toEqual([4, 4, 2]);
    expect(columns[0]?.[0]).toBe('Us Additional lines');
    expect(columns[2]).toEqual([
      'International Calls and SMS Bar international calls and SMS, each way',
      'All of Manage… Add-ons, orders, lost SIM and more',
    ]);
  });

  it('puts the eight Manage items of a corporate customer in two columns, the hub in a third', async () => {
    // Type 1: no 'Us'; no enable flag: no Booster.
    const nav = await signedIn(customer({ type: 1, enable: false }));
    expect(columnsOf(await hoverMenu(nav, 'Manage'))).toEqual([
      [
        'Number Porting Bring your number',
        'Change Number Get a new number',
        'Change Plan Move to another plan',
        'Roaming Roaming packs',
      ],
      [
        'IDD International calls and SMS',
        'SIM Management SIM cards and eSIM profiles',
        'Suspension Suspend your service',
        'International Calls and SMS Bar international calls and SMS, each way',
      ],
      ['All of Manage… Add-ons, orders, lost SIM and more'],
    ]);
  });

  it('keeps a menu of four items or fewer in a single column', async () => {
    const nav = await signedIn(customer({ type: 0, enable: true }));

    const profile = await hoverMenu(nav, 'Profile');
    expect(columnsOf(profile)).toEqual([
      [
        'My Profile Personal details, consents and card',
        'CIS Eligibility Check Check corporate scheme eligibility',
      ],
    ]);
    expect(hrefs(profile)).toEqual(['/profile/myProfile', '/profile/checkCIS']);

    const dashboard = await hoverMenu(nav, 'Dashboard');
    expect(columnsOf(dashboard)).toEqual([
      [
        'Local Usage Data, talk time and SMS in Singapore',
        'Local Usage (Individual Lines) Usage of each line',
        'Roaming Usage Usage abroad',
        'International Usage Calls and SMS abroad',
      ],
    ]);
    expect(hrefs(dashboard)).toEqual([
      '/dashboard/local',
      '/dashboard/localIndividual',
      '/dashboard/roamingUsage',
      '/dashboard/international',
    ]);
  });
});

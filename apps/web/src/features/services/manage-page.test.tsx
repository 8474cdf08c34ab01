import type { AuthUser } from '@selfcare/domain';
import { routeByName } from '@selfcare/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { customer, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import ManagePage from './pages/manage-page.tsx';

/** /manage as this signed-in user sees it: the services it lists, by name and where each goes. */
async function servicesFor(user: AuthUser) {
  session.set({ ...sessionOf('token-1'), authUser: user });
  renderPage(<ManagePage route={routeByName('manage')} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Manage' })).toBeTruthy();
  return within(screen.getByRole('list'))
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

// SPEC: Manage is mobileSubLine, booster, numberPort, numberChange, planChange, roaming, globalSMS
// (IDD), simManagement, suspension, internationalCall; /manage adds the service pages the menu leaves out.
const US = ['Us', '/manage/mobileSubLine'];
const BOOSTER = ['Booster', '/manage/booster'];
const MENU_REST = [
  ['Number Porting', '/manage/numberPort'],
  ['Change Number', '/manage/numberChange'],
  ['Change Plan', '/manage/planChange'],
  ['Roaming', '/manage/roaming'],
  ['IDD', '/manage/globalSMS'],
  ['SIM Management', '/manage/simManagement'],
  ['Suspension', '/manage/suspension'],
  ['International Calls and SMS', '/manage/internationalCall'],
];
const MORE = [
  ['Add-ons', '/manage/addOn'],
  ['Data Rollover', '/manage/policyControl'],
  ['Orders', '/manage/orders'],
  ['Lost SIM', '/manage/lostSim'],
  ['Termination', '/manage/termination'],
];

describe('/manage (index)', () => {
  it('lists every service to an active individual main-line customer with the enable flag', async () => {
    expect(await servicesFor(customer({ type: 0, enable: true }))).toEqual([
      US,
      BOOSTER,
      ...MENU_REST,
      ...MORE,
    ]);
    // Each service says what it is for.
    expect(screen.getByText('Additional lines')).toBeTruthy();
    expect(screen.getByText('Block a lost SIM and get a new one')).toBeTruthy();
  });

  it('leaves Booster out without the enable flag', async () => {
    const listed = await servicesFor(customer({ type: 0, enable: false }));
    expect(listed).toEqual([US, ...MENU_REST, ...MORE]);
    expect(screen.queryByRole('link', { name: 'Booster' })).toBeNull();
  });

  it("leaves 'Us' (additional lines) out for a customer who is not an individual (type 1)", async () => {
    const listed = await servicesFor(customer({ type: 1, enable: true }));
    expect(listed).toEqual([BOOSTER, ...MENU_REST, ...MORE]);
    expect(screen.queryByRole('link', { name: 'Us' })).toBeNull();
  });

  it("lists nothing to the user of an 'Us' sub line, whose access table holds no service page, and says who manages it", async () => {
    const listed = await servicesFor(
      customer({ isMainLine: false, type: 0, enable: true, phoneNumber: '81230001' }),
    );
    expect(listed).toEqual([]);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByText(/^The account holder manages the services of this line\./)).toBeTruthy();
  });

  it('lists only porting, SIM management and orders while the first order is being fulfilled (status 1)', async () => {
    const listed = await servicesFor(customer({ status: 1, activated: false, type: 0, enable: true }));
    expect(listed).toEqual([
      ['Number Porting', '/manage/numberPort'],
      ['SIM Management', '/manage/simManagement'],
      ['Orders', '/manage/orders'],
    ]);
  });

  it('lists only past orders to a customer who has not ordered yet (status 0)', async () => {
    const listed = await servicesFor(customer({ status: 0, activated: false, type: 0, enable: true }));
    expect(listed).toEqual([['Orders', '/manage/orders']]);
  });

  it('lists nothing while documents are requested (status 3)', async () => {
    expect(await servicesFor(customer({ status: 3, type: 0, enable: true }))).toEqual([]);
    expect(screen.getByText(/^No services are available to you yet\./)).toBeTruthy();
  });
});

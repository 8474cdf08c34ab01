import { formatMoney, routeByName } from '@selfcare/domain';
import { DEFAULT_FEES, type Fees } from '@selfcare/domain/order';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettings } from '../../app/settings.ts';
import { setLanguage, t } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import { customer, fakeServer, ok, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { answerVars } from './components/faq.ts';
import HelpPage from './pages/help-page.tsx';

const SUPPORT = { email: 'care@operator.example.sg', phone: '+65 6999 1234' };
/** The operator's fees, each other than the spec's default: the answers must name these. */
const FEES: Fees = {
  newNumberCents: 1800,
  homeDeliveryCents: 650,
  adminCents: 1500,
  simReplacementCents: 800,
  overdueNoticeCents: 1200,
  numberChangeCents: 2500,
  gstPercent: 9,
};

function openHelp() {
  renderPage(<HelpPage route={routeByName('helps')} />);
  return screen.getByRole('searchbox', { name: 'Search the questions' });
}

const search = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });
const question = (text: string) => screen.queryByText(text, { selector: 'summary' });
const shownQuestions = () => document.querySelectorAll('details').length;

beforeEach(async () => {
  // The support contacts and the fees are the operator's configuration, as the portal loads it at start.
  fakeServer((req) =>
    req.path === '/api/v1/settings'
      ? ok({
          defaultLanguage: 'en',
          brandName: 'Selfcare',
          supportEmail: SUPPORT.email,
          supportPhone: SUPPORT.phone,
          marketingUrl: 'https://operator.example.sg',
          fees: FEES,
        })
      : { status: 404 },
  );
  await loadSettings();
  session.set(sessionOf('token-1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('the Help page', () => {
  it('has the route’s title as its heading, the questions under topic headings, and says how many there are', () => {
    openHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    for (const topic of ['Ordering', 'Activation', 'Number porting', 'eSIM', 'Bills and payments', 'Roaming'])
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`Showing all ${shownQuestions()} questions.`);
  });

  it('typing PayNow keeps the PayNow answers, hides unrelated ones and says how many match', () => {
    const box = openHelp();
    expect(question('How do I install my eSIM?')).not.toBeNull();
    search(box, 'PayNow');
    expect(question('How can I pay my bill?')).not.toBeNull();
    expect(question('When is my card charged automatically?')).not.toBeNull();
    expect(question('How do I install my eSIM?')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'eSIM' })).toBeNull();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(shownQuestions()).toBe(3);
    expect(status.textContent).toBe('3 answers match “PayNow”.');

    // Case does not matter, and one match is said as one.
    search(box, 'paynow');
    expect(status.textContent).toBe('3 answers match “paynow”.');
    search(box, 'SINGPASS');
    expect(shownQuestions()).toBe(1);
    expect(status.textContent).toBe('1 answer matches “SINGPASS”.');
    expect(question('How do I activate my physical SIM?')).not.toBeNull();
  });

  it('a search that matches nothing says so and gives the configured support contacts', () => {
    const box = openHelp();
    search(box, 'parking ticket');
    expect(shownQuestions()).toBe(0);
    expect(screen.getByRole('status').textContent).toBe('No answers match “parking ticket”.');
    expect(screen.getByText('Try other words, or contact us and we will help you:')).toBeTruthy();
    // Beside the message and in Contact us.
    const emails = screen.getAllByRole('link', { name: `Email ${SUPPORT.email}` });
    expect(emails).toHaveLength(2);
    expect(emails[0]?.getAttribute('href')).toBe(`mailto:${SUPPORT.email}`);
    const phones = screen.getAllByRole('link', { name: `Call ${SUPPORT.phone}` });
    expect(phones).toHaveLength(2);
    expect(phones[0]?.getAttribute('href')).toBe('tel:+6569991234');

    search(box, '');
    expect(screen.queryByText('Try other words, or contact us and we will help you:')).toBeNull();
  });

  it('opening a question shows its answer and a link to the page it is about', () => {
    const box = openHelp();
    search(box, 'PayNow');
    const summary = question('How can I pay my bill?') as HTMLElement;
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/^PayNow takes up to 2 working days\./)).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Go to Bills' }).getAttribute('href')).toBe('/bills');
  });

  it('gives the fees the operator configured, the days of the domain, and support’s contacts where an answer needs them', () => {
    const box = openHelp();
    search(box, 'admin fee');
    const fee = (question('Is there a fee if I do not activate my SIM?') as HTMLElement).closest('details');
    expect(fee?.textContent).toContain(
      `within 14 calendar days of your order, or the order is cancelled, an admin fee of ${formatMoney(FEES.adminCents)}`,
    );
    search(box, 'new-number fee');
    const order = (question('What do I pay when I order?') as HTMLElement).closest('details');
    expect(order?.textContent).toContain(`a one-off fee of ${formatMoney(FEES.newNumberCents)}`);
    expect(order?.textContent).toContain(`Home delivery costs ${formatMoney(FEES.homeDeliveryCents)}`);
    expect(order?.textContent).not.toContain(formatMoney(DEFAULT_FEES.newNumberCents));
    search(box, 'Number Change');
    const failed = (question('My porting request Failed. What now?') as HTMLElement).closest('details');
    expect(failed?.textContent).toContain('The port-in failed. You must re-initiate via Number Change.');
    expect(failed?.textContent).toContain(`Contact us at ${SUPPORT.email} or ${SUPPORT.phone}`);
  });

  it('links only to the pages the customer may open: an ‘Us’ line has no Bills', () => {
    session.set({ ...sessionOf('token-2'), authUser: customer({ isMainLine: false }) });
    const box = openHelp();
    search(box, 'PayNow');
    const details = (question('How can I pay my bill?') as HTMLElement).closest('details') as HTMLElement;
    expect(within(details).queryByRole('link', { name: 'Go to Bills' })).toBeNull();
  });
});

describe('the fees the answers name', () => {
  it('are the configured ones, never the defaults: the overdue notice fee an operator set', () => {
    const box = openHelp();
    search(box, 'late fee');
    const overdue = (question('What happens if I do not pay on time?') as HTMLElement).closest('details');
    expect(overdue?.textContent).toContain(
      `an overdue notice fee of ${formatMoney(FEES.overdueNoticeCents)} goes on your next bill`,
    );
    expect(overdue?.textContent).not.toContain(formatMoney(DEFAULT_FEES.overdueNoticeCents));
  });

  it('when the settings cannot be loaded, the answers that name a fee are left out, not given a default', async () => {
    fakeServer(() => ({ status: 503 }));
    await loadSettings();
    openHelp();
    expect(question('What happens if I do not pay on time?')).toBeNull();
    expect(question('What do I pay when I order?')).toBeNull();
    expect(question('How can I pay my bill?')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe(`Showing all ${shownQuestions()} questions.`);
    for (const cents of [DEFAULT_FEES.adminCents, DEFAULT_FEES.newNumberCents])
      expect(document.body.textContent).not.toContain(formatMoney(cents));
  });
});

describe('searching with the words customers use', () => {
  it("finds ending a line by 'terminate', the overdue fee by 'late fee', and changing a number by 'number change'", () => {
    const box = openHelp();
    search(box, 'terminate');
    expect(question('How do I end a line or close my account?')).toBeTruthy();
    search(box, 'late fee');
    expect(question('What happens if I do not pay on time?')).toBeTruthy();
    search(box, 'change my number');
    const change = (question('Can I change my number?') as HTMLElement).closest('details') as HTMLElement;
    expect(change.textContent).toContain(
      `The ${formatMoney(FEES.numberChangeCents)} fee goes on your next bill once the number has changed`,
    );
    search(box, 'number change');
    expect(question('Can I change my number?')).toBeTruthy();
  });
});

describe('the Help page on lines', () => {
  it('answers lost SIMs, suspension, ending a line and ‘Us’ lines, with links to their pages', () => {
    openHelp();
    for (const topic of ['Your lines: lost SIM, suspension and ending a line', '‘Us’ lines'])
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeTruthy();
    const answer = (q: string) => (question(q) as HTMLElement).closest('details') as HTMLElement;
    const href = (details: HTMLElement, name: string) =>
      within(details).getByRole('link', { name }).getAttribute('href');

    const lost = answer('I lost my SIM. What do I do?');
    expect(lost.textContent).toContain('blocked at once and for good');
    expect(lost.textContent).toContain(`the ${formatMoney(FEES.simReplacementCents)} fee`);
    expect(href(lost, 'Go to Lost SIM')).toBe('/manage/lostSim');

    const suspend = answer('Can I suspend a line?');
    expect(suspend.textContent).toContain(`contact us at ${SUPPORT.email} or ${SUPPORT.phone}`);
    expect(href(suspend, 'Go to Suspension')).toBe('/manage/suspension');

    const end = answer('How do I end a line or close my account?');
    expect(end.textContent).toContain('from today to 90 days ahead');
    expect(href(end, 'Go to Termination')).toBe('/manage/termination');

    const add = answer('How do I add an ‘Us’ line for someone?');
    expect(add.textContent).toContain('up to 9 ‘Us’ lines');
    expect(href(add, 'Go to Us')).toBe('/manage/mobileSubLine');
    expect(answer('How does the user of an ‘Us’ line sign in?').textContent).toContain(
      'code sent to it by SMS',
    );
  });

  it('finds the lost SIM answer by searching for it', () => {
    search(openHelp(), 'lost SIM');
    expect(question('I lost my SIM. What do I do?')).not.toBeNull();
  });
});

describe('the answers in the language being read', () => {
  afterEach(() => setLanguage('en'));

  it('write the deduction day, the retry days and the bill statuses as each language does', async () => {
    const answer = () => t('help.faq.autoDeduction.a.0', answerVars(SUPPORT, FEES));
    expect(answer()).toContain('from the 25th of the month');
    expect(answer()).toContain('try again 2, 5 and 9 days after the 25th');
    await setLanguage('zh');
    expect(answer()).toContain('每月25日起');
    expect(answer()).toContain('2、5和9');
    await setLanguage('ms');
    expect(answer()).toContain('2, 5 dan 9');
  });
});

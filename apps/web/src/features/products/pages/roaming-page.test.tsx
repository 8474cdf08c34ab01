import { routeByName } from '@selfcare/domain';
import type { LineProduct, LineRoaming, RoamingView } from '@selfcare/domain/contracts/products';
import type { Balances } from '@selfcare/domain/contracts/usage';
import { ProductMessages, roamingCapState } from '@selfcare/domain/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { session } from '../../../lib/session.ts';
import {
  fakeServer,
  later,
  ok,
  type Reply,
  refused,
  type Seen,
  sessionOf,
} from '../../../test/fake-server.ts';
import {
  lineRoaming,
  ME,
  owned,
  PACKS,
  renderPage,
  roamingView,
  saved,
  US1,
  US2,
  view,
} from '../test/fixtures.tsx';
import RoamingPage from './roaming-page.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const GB = 1024 ** 3;
const balances: Balances = {
  lines: [],
  buckets: [
    {
      id: 'plan-roaming-me',
      lineId: ME,
      shared: false,
      kind: 'data',
      scope: 'roaming',
      origin: 'plan',
      name: 'Roaming data',
      unit: 'BYTES',
      size: 5 * GB,
      remaining: 4 * GB,
      validFrom: '2026-05-31T16:00:00Z',
      validTo: '2026-06-30T16:00:00Z',
    },
  ],
  readAt: '2026-06-15T04:00:00Z',
  stale: false,
  renewsAt: '2026-06-30T16:00:00Z',
  today: '2026-06-15',
};

const JAPAN = owned({
  id: 'p-jp',
  code: 'RP-JP-7D',
  kind: 'roaming-pack',
  name: 'Japan 6GB, 7 days',
  priceCents: 1800,
  endsAt: '2026-06-22T02:00:00Z',
});
const SHARED = owned({
  id: 'p-share',
  code: 'RP-ASIA-SHARE-15D',
  kind: 'roaming-pack',
  name: 'Asia Share 15GB, 15 days',
  lineIds: [US1, US2],
  endsAt: '2026-06-30T02:00:00Z',
});

const US1_ROAMING = `/api/v1/products/roaming/${US1}`;

/** The line as the API saves it: the change applied, and how near its cap it is. */
const savedRoaming = (line: LineRoaming) => (req: Seen) => {
  const next = { ...line, ...(JSON.parse(req.body ?? '{}') as Partial<LineRoaming>) };
  return ok(
    { ...next, capState: roamingCapState(next.capCents, next.spentCents) },
    'Data updated successfully',
  );
};

function serve({
  buy = () => refused(404, 'Not found'),
  roaming = roamingView(),
  put = savedRoaming(lineRoaming()),
  products = () => [JAPAN, SHARED],
}: {
  buy?: (req: Seen) => Reply;
  products?: () => LineProduct[];
  roaming?: RoamingView;
  put?: (req: Seen) => Reply | Promise<Reply>;
} = {}) {
  return fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/products?kind=roaming-pack')
      return ok(view({ catalog: PACKS, products: products() }));
    if (req.method === 'GET' && req.path === '/api/v1/usage/balances') return ok(balances);
    if (req.method === 'GET' && req.path === '/api/v1/products/roaming') return ok(roaming);
    if (req.method === 'POST' && req.path === '/api/v1/products') return buy(req);
    if (req.method === 'PUT' && req.path === US1_ROAMING) return put(req);
    return refused(404, 'Not found');
  });
}

const open = () => renderPage(<RoamingPage route={routeByName('roaming')} />);
const radios = () => screen.queryAllByRole('radio').map((r) => r.getAttribute('value'));

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the roaming page', () => {
  it('lists the packs that cover the country chosen, by its name', async () => {
    serve();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Roaming' })).toBeTruthy();
    const country = (await screen.findByRole('combobox', { name: 'Country' })) as HTMLSelectElement;
    expect([...country.options].map((o) => o.text)).toEqual([
      'Choose a country',
      'Indonesia',
      'Japan',
      'Malaysia',
      'Thailand',
    ]);
    expect(radios()).toEqual([]);
    fireEvent.change(country, { target: { value: 'JP' } });
    expect(radios()).toEqual(['RP-ASIA-7D', 'RP-JP-7D', 'RP-ASIA-SHARE-15D']);
    expect(screen.getByRole('radio', { name: 'Japan 6GB, 7 days' })).toBeTruthy();
    expect(screen.getByText('$18.00, valid 7 days. 6GB of data in Japan for 7 days.')).toBeTruthy();
    fireEvent.change(country, { target: { value: 'MY' } });
    expect(radios()).toEqual(['RP-MY-3D', 'RP-ASIA-7D', 'RP-ASIA-SHARE-15D']);
  });

  it("says 'Please choose Roaming.' when Buy is pressed with no pack chosen", async () => {
    const server = serve();
    open();
    const country = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.click(screen.getByRole('button', { name: 'Buy the chosen roaming pack' }));
    const packs = screen.getByRole('radiogroup', { name: 'Roaming pack' });
    const errorOf = () =>
      document.getElementById((packs.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '')
        ?.textContent;
    expect(errorOf()).toBe('Please choose Roaming.');
    fireEvent.change(country, { target: { value: 'JP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy the chosen roaming pack' }));
    expect(errorOf()).toBe('Please choose Roaming.');
    expect(server.seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('buys the chosen pack for a line after saying what is charged', async () => {
    const server = serve({
      buy: (req) => {
        const body = JSON.parse(req.body ?? '{}');
        return saved({
          ...JAPAN,
          id: 'p-new',
          lineId: body.lineId,
          lineIds: [body.lineId],
          state: 'pending',
        });
      },
    });
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Country' }), { target: { value: 'JP' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Japan 6GB, 7 days' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Line' }), { target: { value: US1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy the chosen roaming pack' }));
    // Starting today, unless another day is chosen: from today for its 7 days.
    expect(
      screen.getByText(
        /^Japan 6GB, 7 days for \+65 8100 0001 \(Us\): \$18\.00 charged now to VISA •••• 4242\. Valid from \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}\.$/,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm buying Japan 6GB, 7 days' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    const posted = server.seen.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? '{}'));
    expect(posted).toEqual([
      { code: 'RP-JP-7D', lineId: US1, requestKey: expect.any(String), priceCents: 1800 },
    ]);
    expect((screen.getByRole('radio', { name: 'Japan 6GB, 7 days' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('buys a pack to start on a later day, refusing a past day or one too far ahead on the field', async () => {
    // Midday on 15 June 2026 in Singapore; only the date is faked, timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T04:00:00Z'));
    let bought: LineProduct | null = null;
    const dated = { id: 'p-later', startsAt: '2026-06-19T16:00:00Z', endsAt: '2026-06-26T16:00:00Z' };
    const server = serve({
      buy: () => {
        bought = { ...JAPAN, ...dated, state: 'scheduled' };
        return saved(bought);
      },
      products: () => (bought ? [JAPAN, SHARED, bought] : [JAPAN, SHARED]),
    });
    open();
    const country = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.change(country, { target: { value: 'JP' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Japan 6GB, 7 days' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Line' }), { target: { value: US1 } });
    const day = screen.getByLabelText(/^Start day/) as HTMLInputElement;
    expect([day.value, day.min, day.max]).toEqual(['2026-06-15', '2026-06-15', '2026-07-15']);
    const buy = () => fireEvent.click(screen.getByRole('button', { name: 'Buy the chosen roaming pack' }));
    const errorOf = () =>
      (day.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .find((text) => text && !text.startsWith('Today, or'));

    fireEvent.change(day, { target: { value: '2026-06-14' } });
    buy();
    expect(errorOf()).toBe(ProductMessages.startInPast);
    expect(day.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(day, { target: { value: '2026-07-16' } });
    buy();
    expect(errorOf()).toBe(ProductMessages.startTooFar);
    expect(server.seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(day, { target: { value: '2026-06-20' } });
    buy();
    expect(day.getAttribute('aria-invalid')).not.toBe('true');
    expect(
      screen.getByText(
        'Japan 6GB, 7 days for +65 8100 0001 (Us): $18.00 charged now to VISA •••• 4242. Valid from 20 June 2026 to 26 June 2026.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm buying Japan 6GB, 7 days' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    const posted = server.seen.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? '{}'));
    expect(posted).toEqual([
      {
        code: 'RP-JP-7D',
        lineId: US1,
        requestKey: expect.any(String),
        priceCents: 1800,
        startDate: '2026-06-20',
      },
    ]);
    // Listed with both its days, and waiting for the first.
    const yours = screen.getByRole('region', { name: 'Your roaming packs' });
    expect(await within(yours).findByText('Valid from 20 June 2026 to 26 June 2026')).toBeTruthy();
  });

  it('shows the packs the lines have and the roaming their plans include, each group a list', async () => {
    serve();
    open();
    const yours = await screen.findByRole('region', { name: 'Your roaming packs' });
    const items = (group: string) =>
      within(within(yours).getByRole('region', { name: group })).getAllByRole('listitem');

    const shared = items('Shareable');
    expect(shared).toHaveLength(1);
    expect(within(shared[0] as HTMLElement).getByText('Valid until 30 June 2026')).toBeTruthy();
    expect(
      within(shared[0] as HTMLElement)
        .getByRole('link', { name: /^Change the lines of Asia Share 15GB, 15 days/ })
        .getAttribute('href'),
    ).toBe('/manage/roaming/p-share/editShareable');

    const own = items('Non-shareable');
    expect(own).toHaveLength(1);
    expect(within(own[0] as HTMLElement).getByText('Valid until 22 June 2026')).toBeTruthy();
    expect(
      within(own[0] as HTMLElement)
        .getByRole('link', { name: 'Details of Japan 6GB, 7 days for +65 8100 0001 (Us)' })
        .getAttribute('href'),
    ).toBe('/manage/roaming/p-jp/edit');

    const plan = await waitFor(() => items('Plan'));
    expect(plan).toHaveLength(1);
    const mine = plan[0] as HTMLElement;
    expect(within(mine).getByText('Plus 35')).toBeTruthy();
    expect(within(mine).getByText('Included in your plan')).toBeTruthy();
    expect(within(mine).getByText('For +65 9100 0004 (Me)')).toBeTruthy();
    expect(within(mine).getByText('Valid until 30 June 2026')).toBeTruthy();
  });
});

describe('roaming on the lines', () => {
  const US1_NAME = '+65 8100 0001 (Us)';
  const groupOf = async (name: string) => screen.findByRole('group', { name });
  const puts = (server: ReturnType<typeof serve>) =>
    server.seen.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body]);
  const roamingSwitch = () =>
    screen.getByRole('switch', { name: `Roaming on ${US1_NAME}` }) as HTMLInputElement;
  const capInput = (group: HTMLElement) =>
    within(group).getByRole('textbox', { name: `Cap for ${US1_NAME} in dollars` }) as HTMLInputElement;
  const errorOf = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .filter(Boolean);

  it('switches roaming off at once, showing the value asked for while it is saved', async () => {
    const server = serve({ put: (req) => later(savedRoaming(lineRoaming())(req)) });
    open();
    const section = await screen.findByRole('region', { name: 'Roaming on your lines' });
    const finder = screen.getByRole('region', { name: 'Find a roaming pack' });
    expect(section.compareDocumentPosition(finder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await groupOf(US1_NAME);
    expect(roamingSwitch().checked).toBe(true);
    expect(document.getElementById(roamingSwitch().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'When roaming is off, no calls, SMS or data can be used abroad on this line.',
    );

    fireEvent.click(roamingSwitch());
    await waitFor(() => expect(roamingSwitch().disabled).toBe(true));
    expect(roamingSwitch().checked).toBe(false);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    expect(puts(server)).toEqual([[US1_ROAMING, '{"enabled":false}']]);
    await waitFor(() => expect(roamingSwitch().disabled).toBe(false));
    expect(roamingSwitch().checked).toBe(false);
  });

  it("shows the API's refusal under the switch and the line as it was", async () => {
    serve({ put: () => refused(409, 'This line is not active.') });
    open();
    await groupOf(US1_NAME);
    fireEvent.click(roamingSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('This line is not active.');
    expect(roamingSwitch().checked).toBe(true);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('saves a cap of $50 as 5000 cents, and removes it', async () => {
    const line = lineRoaming({ spentCents: 1240 });
    const server = serve({ roaming: roamingView([line]), put: savedRoaming(line) });
    open();
    const group = await groupOf(US1_NAME);
    expect(within(group).getByRole('heading', { name: 'Monthly roaming spend cap' })).toBeTruthy();
    expect(within(group).getByText('$12.40 of roaming charged this month')).toBeTruthy();
    expect(within(group).getByText('No cap is set.')).toBeTruthy();
    expect(
      within(group).queryByRole('button', { name: `Remove the roaming cap for ${US1_NAME}` }),
    ).toBeNull();

    fireEvent.change(capInput(group), { target: { value: '50' } });
    fireEvent.click(within(group).getByRole('button', { name: `Save the roaming cap for ${US1_NAME}` }));
    expect(await within(group).findByText('Cap: $50.00')).toBeTruthy();
    expect(puts(server)).toEqual([[US1_ROAMING, '{"capCents":5000}']]);
    expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully');

    fireEvent.click(within(group).getByRole('button', { name: `Remove the roaming cap for ${US1_NAME}` }));
    expect(await within(group).findByText('No cap is set.')).toBeTruthy();
    expect(puts(server)[1]).toEqual([US1_ROAMING, '{"capCents":null}']);
    expect(capInput(group).value).toBe('');
  });

  it('refuses a cap of $5 with the range message and sends nothing', async () => {
    const server = serve();
    open();
    const group = await groupOf(US1_NAME);
    fireEvent.change(capInput(group), { target: { value: '5' } });
    fireEvent.click(within(group).getByRole('button', { name: `Save the roaming cap for ${US1_NAME}` }));
    await waitFor(() => expect(errorOf(capInput(group))).toContain(ProductMessages.capRange));
    expect(ProductMessages.capRange).toBe('The roaming cap must be between $10.00 and $1,000.00.');
    expect(capInput(group).getAttribute('aria-invalid')).toBe('true');
    expect(puts(server)).toEqual([]);
  });

  it('says in words when a cap is nearly or fully used', async () => {
    serve({
      roaming: roamingView([
        lineRoaming({ capCents: 5000, spentCents: 5000, capState: 'reached' }),
        lineRoaming({
          lineId: US2,
          msisdn: '81000002',
          capCents: 5000,
          spentCents: 4100,
          capState: 'warned',
        }),
      ]),
    });
    open();
    const reached = await groupOf(US1_NAME);
    expect(within(reached).getByText('Cap: $50.00')).toBeTruthy();
    expect(
      within(reached).getByText(
        'Cap reached: roaming data is stopped until the 1st. Calls and SMS abroad still work.',
      ),
    ).toBeTruthy();
    const warned = await groupOf('+65 8100 0002 (Us)');
    expect(within(warned).getByText('$41.00 of roaming charged this month')).toBeTruthy();
    expect(within(warned).getByText('You have used 80% of your cap.')).toBeTruthy();
    expect(within(warned).queryByText(/^Cap reached/)).toBeNull();
  });
});

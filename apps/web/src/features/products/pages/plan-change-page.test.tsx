import { routeByName } from '@selfcare/domain';
import type { PlanChange, PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import PlanChangePage from './plan-change-page.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const LINE = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a01';
const change: PlanChange = {
  id: '5d2a7f1b-1c1e-4c53-9f3e-0b6f6a3e0a01',
  lineId: LINE,
  fromPlan: 'VALUE-20',
  fromName: 'Value 20',
  toPlan: 'PLUS-35',
  toName: 'Plus 35',
  effectiveOn: '2026-12-07',
  state: 'scheduled',
  differenceCents: 1500,
};
const view = (changes: PlanChange[]): PlanChangeView => ({
  lines: [
    {
      id: LINE,
      msisdn: '91000004',
      isMainLine: true,
      planCode: 'VALUE-20',
      planName: 'Value 20',
      monthlyCents: 2000,
      state: 'active',
      addons: [
        { code: 'DATA-20', name: 'Extra 20GB', planCodes: ['LITE-10', 'VALUE-20', 'PLUS-35'] },
        { code: 'VOICEMAIL', name: 'Voicemail', planCodes: null },
      ],
    },
  ],
  plans: [
    {
      code: 'LITE-10',
      name: 'Lite 10',
      description: '20GB.',
      descriptions: {},
      monthlyCents: 1000,
      corporate: false,
    },
    {
      code: 'VALUE-20',
      name: 'Value 20',
      description: '150GB.',
      descriptions: {},
      monthlyCents: 2000,
      corporate: false,
    },
    {
      code: 'PLUS-35',
      name: 'Plus 35',
      description: '300GB.',
      descriptions: {},
      monthlyCents: 3500,
      corporate: false,
    },
    {
      code: 'MAX-55',
      name: 'Max 55',
      description: 'Unlimited.',
      descriptions: {},
      monthlyCents: 5500,
      corporate: false,
    },
  ],
  changes,
  effectiveOn: '2026-12-07',
});

const open = () => renderPage(<PlanChangePage route={routeByName('planChange')} />);

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the plan change page', () => {
  it('asks for a plan, shows the difference and the day, then schedules it', async () => {
    let changes: PlanChange[] = [];
    const server = fakeServer((req: Seen) => {
      if (req.method === 'GET') return ok(view(changes));
      if (req.method === 'POST') {
        changes = [change];
        return {
          status: 201,
          body: { data: change, status: 201, message: 'Data updated successfully', extra_info: {} },
        };
      }
      return refused(404, 'Not found');
    });
    open();
    expect(
      await screen.findByText(/A change asked for today takes effect on 7 December 2026\./),
    ).toBeTruthy();
    const line = screen.getByRole('region', { name: '+65 9100 0004 (Me)' });
    expect(within(line).getByText('Current plan: Value 20, $20.00 a month')).toBeTruthy();
    fireEvent.click(
      within(line).getByRole('button', { name: 'Review the plan change for +65 9100 0004 (Me)' }),
    );
    expect(await within(line).findByText('Plan is required. Please choose plan!')).toBeTruthy();

    const plan = within(line).getByRole('combobox', { name: 'New plan: +65 9100 0004 (Me)' });
    expect(within(plan).queryByRole('option', { name: /Value 20/ })).toBeNull();
    fireEvent.change(plan, { target: { value: 'PLUS-35' } });
    expect(within(line).getByText(/\$15\.00 a month more than now/)).toBeTruthy();
    fireEvent.click(
      within(line).getByRole('button', { name: 'Review the plan change for +65 9100 0004 (Me)' }),
    );
    expect(
      within(line).getByText(
        /moves from Value 20 to Plus 35 \(\$35\.00 a month, GST included\) on 7 December 2026\./,
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(line).getByRole('button', { name: 'Confirm the plan change for +65 9100 0004 (Me)' }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    expect(JSON.parse(server.seen.find((r) => r.method === 'POST')?.body ?? '{}')).toEqual({
      lineId: LINE,
      planCode: 'PLUS-35',
      priceCents: 3500,
    });
    expect(
      await within(line).findByText('Moving to Plus 35 on 7 December 2026 ($15.00 a month more than now).'),
    ).toBeTruthy();
  });

  it('names, before confirming, the add-ons that end because the new plan does not take them', async () => {
    fakeServer((req: Seen) => (req.method === 'GET' ? ok(view([])) : refused(404, 'Not found')));
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const plan = within(line).getByRole('combobox', { name: 'New plan: +65 9100 0004 (Me)' });
    const review = () =>
      fireEvent.click(
        within(line).getByRole('button', { name: 'Review the plan change for +65 9100 0004 (Me)' }),
      );
    fireEvent.change(plan, { target: { value: 'MAX-55' } });
    review();
    expect(
      within(line).getByText(
        'Max 55 does not take these add-ons: they end on 7 December 2026, with the change, and are not charged after: Extra 20GB.',
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(line).getByRole('button', { name: 'Back to choosing a plan for +65 9100 0004 (Me)' }),
    );
    fireEvent.change(plan, { target: { value: 'PLUS-35' } });
    review();
    expect(within(line).queryByText(/does not take these add-ons/)).toBeNull();
  });

  it('shows the new price when the plan’s changed after the page showed it', async () => {
    let price = 3500;
    fakeServer((req: Seen) => {
      if (req.method === 'GET') {
        const shown = view([]);
        return ok({
          ...shown,
          plans: shown.plans.map((p) => (p.code === 'PLUS-35' ? { ...p, monthlyCents: price } : p)),
        });
      }
      price = 3800;
      return refused(409, 'The price has changed to $38.00. Please check it and confirm again.', {
        priceCents: 3800,
      });
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    fireEvent.change(within(line).getByRole('combobox', { name: 'New plan: +65 9100 0004 (Me)' }), {
      target: { value: 'PLUS-35' },
    });
    fireEvent.click(
      within(line).getByRole('button', { name: 'Review the plan change for +65 9100 0004 (Me)' }),
    );
    fireEvent.click(
      within(line).getByRole('button', { name: 'Confirm the plan change for +65 9100 0004 (Me)' }),
    );
    expect(
      await within(line).findByText('The price has changed to $38.00. Please check it and confirm again.'),
    ).toBeTruthy();
    expect(await within(line).findByText(/to Plus 35 \(\$38\.00 a month, GST included\)/)).toBeTruthy();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('cancels a scheduled change after asking again', async () => {
    const server = fakeServer((req: Seen) => {
      if (req.method === 'GET') return ok(view([change]));
      if (req.method === 'DELETE') return ok({ ...change, state: 'cancelled' }, 'Data deleted successfully.');
      return refused(404, 'Not found');
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    fireEvent.click(
      await within(line).findByRole('button', { name: 'Cancel the plan change for +65 9100 0004 (Me)' }),
    );
    expect(
      within(line).getByText('Cancel the move to Plus 35? +65 9100 0004 (Me) stays on Value 20.'),
    ).toBeTruthy();
    fireEvent.click(
      within(line).getByRole('button', { name: 'Yes, cancel the plan change for +65 9100 0004 (Me)' }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data deleted successfully.'));
    expect(server.count('DELETE', `/api/v1/plan-changes/${change.id}`)).toBe(1);
  });

  it('moves the keyboard to the question, back to its button when kept, and to the line once cancelled', async () => {
    let changes = [change];
    fakeServer((req: Seen) => {
      if (req.method === 'GET') return ok(view(changes));
      if (req.method === 'DELETE') {
        changes = [];
        return ok({ ...change, state: 'cancelled' }, 'Data deleted successfully.');
      }
      return refused(404, 'Not found');
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const opener = () =>
      within(line).getByRole('button', { name: 'Cancel the plan change for +65 9100 0004 (Me)' });
    const question = 'Cancel the move to Plus 35? +65 9100 0004 (Me) stays on Value 20.';
    opener().focus();
    fireEvent.click(opener());
    expect(document.activeElement).toBe(within(line).getByText(question));
    fireEvent.click(
      within(line).getByRole('button', { name: 'Keep the plan change for +65 9100 0004 (Me)' }),
    );
    await waitFor(() => expect(document.activeElement).toBe(opener()));

    fireEvent.click(opener());
    expect(document.activeElement).toBe(within(line).getByText(question));
    fireEvent.click(
      within(line).getByRole('button', { name: 'Yes, cancel the plan change for +65 9100 0004 (Me)' }),
    );
    expect(await within(line).findByRole('combobox', { name: 'New plan: +65 9100 0004 (Me)' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(line).getByRole('heading', { level: 2, name: '+65 9100 0004 (Me)' }),
      ),
    );
  });

  it('names each plan with its price a month, and goes back to Review from the review', async () => {
    fakeServer((req: Seen) => (req.method === 'GET' ? ok(view([])) : refused(404, 'Not found')));
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const plan = within(line).getByRole('combobox', { name: 'New plan: +65 9100 0004 (Me)' });
    expect(within(plan).getByRole('option', { name: 'Plus 35 ($35.00 a month)' })).toBeTruthy();
    fireEvent.change(plan, { target: { value: 'PLUS-35' } });
    const review = () =>
      within(line).getByRole('button', { name: 'Review the plan change for +65 9100 0004 (Me)' });
    review().focus();
    fireEvent.click(review());
    expect(document.activeElement).toBe(within(line).getByText(/moves from Value 20 to Plus 35/));
    fireEvent.click(
      within(line).getByRole('button', { name: 'Back to choosing a plan for +65 9100 0004 (Me)' }),
    );
    await waitFor(() => expect(document.activeElement).toBe(review()));
  });
});

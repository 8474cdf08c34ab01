import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { NumberStep } from './number-step.tsx';
import { draftWithPlan, offer, savedStep } from './wizard-test-data.ts';

const NUMBERS = ['81230001', '81230002', '81230003'];
const server = () =>
  fakeServer((req: Seen) =>
    req.path.startsWith('/api/v1/orders/numbers')
      ? ok({ numbers: NUMBERS, page: 1, pageSize: 20, totalPages: 1, total: NUMBERS.length })
      : ok({ ...draftWithPlan(), numbers: JSON.parse(req.body ?? 'null') }),
  );
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const card = (label: string) => within(screen.getByRole('group', { name: label }));

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => vi.unstubAllGlobals());

describe('step 2, a number for each line', () => {
  it("shows one card per line, 'Me' and 'Us 1', each offering the new numbers", async () => {
    server();
    renderPage(<NumberStep offer={offer} draft={draftWithPlan(2)} onBack={() => {}} onDone={() => {}} />);
    expect(await card('Me').findByRole('radio', { name: '8123 0001' })).toBeTruthy();
    expect(await card('Us 1').findByRole('radio', { name: '8123 0001' })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: 'Select a New Number', checked: true })).toHaveLength(2);
  });

  it("asks for the Me and Us numbers in the spec's words, and does not move on", async () => {
    const fake = server();
    const onDone = vi.fn();
    renderPage(<NumberStep offer={offer} draft={draftWithPlan(2)} onBack={() => {}} onDone={onDone} />);
    next();
    expect(await screen.findByText('Please choose Me Number.')).toBeTruthy();
    expect(screen.getByText('Please choose Us Number.')).toBeTruthy();
    expect(savedStep(fake.seen, 'numbers')).toBeUndefined();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("asks for 'Number' when the order has one line", async () => {
    server();
    renderPage(<NumberStep offer={offer} draft={draftWithPlan(1)} onBack={() => {}} onDone={() => {}} />);
    expect(screen.getByRole('group', { name: 'Your line' })).toBeTruthy();
    next();
    expect(await screen.findByText('Please choose Number.')).toBeTruthy();
  });

  it('asks a number kept from another network to be typed whole, then for its network and the postpaid promise', async () => {
    server();
    renderPage(<NumberStep offer={offer} draft={draftWithPlan(1)} onBack={() => {}} onDone={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Keep my number' }));
    const number = screen.getByRole('textbox', { name: /Your current mobile number/ });
    fireEvent.change(number, { target: { value: '9123' } });
    next();
    expect(await screen.findByText('Please complete typing your number')).toBeTruthy();
    fireEvent.change(number, { target: { value: '9123 4567' } });
    next();
    expect(await screen.findByText('Please choose the network your number is with now.')).toBeTruthy();
    expect(
      screen.getByText(
        'Please confirm the number is a postpaid number that stays active until it moves to us.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Please complete typing your number')).toBeNull();
  });

  it('passes on each line’s number, new or kept, then moves on', async () => {
    const fake = server();
    const onDone = vi.fn();
    renderPage(<NumberStep offer={offer} draft={draftWithPlan(2)} onBack={() => {}} onDone={onDone} />);
    fireEvent.click(await card('Me').findByRole('radio', { name: '8123 0002' }));
    // The number Me took is no longer offered to Us 1.
    await waitFor(() => expect(card('Us 1').queryByRole('radio', { name: '8123 0002' })).toBeNull());
    fireEvent.click(card('Us 1').getByRole('radio', { name: 'Keep my number' }));
    fireEvent.change(card('Us 1').getByRole('textbox', { name: /Your current mobile number/ }), {
      target: { value: '9123 4567' },
    });
    fireEvent.click(card('Us 1').getByRole('checkbox', { name: /postpaid number/ }));
    next();
    expect(await screen.findByText('Please choose the network your number is with now.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(card('Us 1').getByLabelText(/Network it is with now/));
    fireEvent.click(await screen.findByRole('option', { name: 'StarHub', hidden: true }));
    next();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(savedStep(fake.seen, 'numbers')).toEqual({
      lines: [
        { numberType: 'NORMAL', msisdn: '81230002', donorNetwork: null, confirmPostpaid: false },
        { numberType: 'RETAIN', msisdn: '91234567', donorNetwork: 1, confirmPostpaid: true },
      ],
    });
  });
});

import type { Draft } from '@selfcare/domain/contracts/orders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { DeliveryStep } from './delivery-step.tsx';
import { draftWithPlan, offer, savedStep } from './wizard-test-data.ts';

const ION = {
  postalCode: '238801',
  blockNumber: '2',
  roadName: 'ORCHARD TURN',
  building: 'ION ORCHARD',
  address: '2 ORCHARD TURN ION ORCHARD SINGAPORE 238801',
  deliverable: true,
};
const server = (save: (req: Seen) => ReturnType<typeof ok> = (req) => ok(JSON.parse(req.body ?? 'null'))) =>
  fakeServer((req: Seen) => {
    if (req.path.startsWith('/api/v1/orders/delivery-dates'))
      return ok({ dates: ['2026-12-02', '2026-12-03'] });
    if (req.path.startsWith('/api/v1/orders/address')) return ok([ION]);
    return save(req);
  });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const open = (draft: Draft, { roadshow = false, onDone = vi.fn() } = {}) =>
  renderPage(
    <DeliveryStep offer={offer} draft={draft} roadshow={roadshow} onBack={() => {}} onDone={onDone} />,
  );

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => vi.unstubAllGlobals());

describe('step 4, delivery and billing', () => {
  it('offers a physical SIM every way it travels with its fee, home delivery first, bills to the same address', () => {
    server();
    open(draftWithPlan());
    expect(screen.getByRole('radio', { name: 'Home Delivery ($5.50)' })).toHaveProperty('checked', true);
    for (const name of ['Postal Mail (Free)', 'Self-Collection (Free)', 'Other (Free)'])
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /eSIM ID Verification/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Delivery address' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Send bills to the delivery address' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByRole('heading', { name: 'Billing address' })).toBeNull();
  });

  it('releases an eSIM after ID verification, with nothing to deliver, and asks where bills go', () => {
    server();
    open(draftWithPlan(1, 1));
    expect(screen.getByRole('radio', { name: 'eSIM ID Verification (Free)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(
      screen.getByText(
        'No SIM card is delivered: once your identity is verified, your eSIM is ready to install.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delivery address' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Billing address' })).toBeTruthy();
  });

  it('asks a roadshow order only for the billing address', () => {
    server();
    open(draftWithPlan(), { roadshow: true });
    expect(screen.queryByRole('radiogroup', { name: /Delivery method/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delivery address' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Billing address' })).toBeTruthy();
  });

  it("says which parts of the address are missing in the schema's words, and does not move on", async () => {
    const fake = server();
    const onDone = vi.fn();
    open(draftWithPlan(), { onDone });
    next();
    expect(await screen.findByText('Postal code is required')).toBeTruthy();
    expect(screen.getByText('Block / house number is required')).toBeTruthy();
    expect(screen.getByText('Street is required')).toBeTruthy();
    expect(savedStep(fake.seen, 'delivery')).toBeUndefined();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('passes on the method, the address found by its postal code, the day and where bills go, then moves on', async () => {
    const fake = server();
    const onDone = vi.fn();
    open(draftWithPlan(), { onDone });
    fireEvent.change(screen.getByRole('textbox', { name: /Postal code/ }), { target: { value: '238801' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find address' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Street/ })).toHaveProperty('value', 'ORCHARD TURN'),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Unit number/ }), { target: { value: '#04-12' } });
    fireEvent.click(await screen.findByRole('combobox', { name: /Delivery date/ }));
    fireEvent.click(await screen.findByRole('option', { name: /3 Dec/, hidden: true }));
    next();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(savedStep(fake.seen, 'delivery')).toEqual({
      deliveryMethod: 0,
      delivery: {
        postalCode: '238801',
        blockNumber: '2',
        roadName: 'ORCHARD TURN',
        building: 'ION ORCHARD',
        unitNumber: '#04-12',
      },
      deliveryDate: '2026-12-03',
      billingSameAsDelivery: true,
      billing: null,
    });
  });

  it('shows a problem the server finds under its field: here the delivery day no longer on offer', async () => {
    server(() =>
      refused(422, 'Please choose a delivery date.', {
        fields: { deliveryDate: 'Please choose a delivery date.' },
      }),
    );
    const onDone = vi.fn();
    open(
      {
        ...draftWithPlan(),
        delivery: {
          deliveryMethod: 1,
          delivery: { postalCode: '238801', blockNumber: '2', roadName: 'ORCHARD TURN' },
          deliveryDate: '2026-11-30',
          billingSameAsDelivery: true,
          billing: null,
        },
      },
      { onDone },
    );
    expect(screen.getByRole('radio', { name: 'Postal Mail (Free)' })).toHaveProperty('checked', true);
    expect(
      screen.getByText('Your SIM is posted to you and usually arrives within 3 to 5 working days.'),
    ).toBeTruthy();
    next();
    expect(await screen.findByText('Please choose a delivery date.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

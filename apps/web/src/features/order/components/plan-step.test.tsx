import type { Draft, Offer } from '@selfcare/domain/contracts/orders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addResources } from '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { orderEn } from '../locales/en.ts';
import { PlanStep } from './plan-step.tsx';

addResources('en', 'order', orderEn);

const plan = (code: string, name: string, monthlyCents: number, dataGb: number | null) => ({
  code,
  name,
  group: 'consumer' as const,
  companyCode: null,
  monthlyCents,
  dataGb,
  talkMinutes: null,
  sms: null,
  roamingGb: 1,
  description: `${name}.`,
});
const offer: Offer = {
  plans: [plan('VALUE-20', 'Value 20', 2000, 150), plan('MAX-55', 'Max 55', 5500, null)],
  addons: [
    {
      code: 'DATA-20',
      name: 'Extra 20GB',
      monthlyCents: 500,
      description: '20GB more.',
      planCodes: ['VALUE-20'],
    },
    { code: 'VOICEMAIL', name: 'Voicemail', monthlyCents: 200, description: 'Voicemail.', planCodes: null },
  ],
  fees: {
    newNumberCents: 2200,
    homeDeliveryCents: 550,
    adminCents: 1300,
    simReplacementCents: 550,
    overdueNoticeCents: 1000,
    numberChangeCents: 2200,
    gstPercent: 9,
  },
  maxLines: 1,
  networks: [],
};
const draft = {
  plan: { typeSim: 0, lines: [{ planCode: 'VALUE-20', addonCodes: ['DATA-20', 'VOICEMAIL'] }] },
} as unknown as Draft;

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => vi.unstubAllGlobals());

describe('step 1, the plans and add-ons', () => {
  it('offers only the add-ons the chosen plan takes, and drops the others when the plan changes', async () => {
    const server = fakeServer((req: Seen) => ok({ ...draft, plan: JSON.parse(req.body ?? '{}') }));
    renderPage(<PlanStep offer={offer} draft={draft} myinfoRef="/getStarted" onDone={() => {}} />);
    expect(screen.getByRole('checkbox', { name: /Extra 20GB/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Voicemail/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Max 55/ }));
    // Max 55 has unlimited data: no Extra 20GB for it.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Extra 20GB/ })).toBeNull());
    expect((screen.getByRole('checkbox', { name: /Voicemail/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(server.seen.some((r) => r.method === 'PUT' || r.method === 'POST')).toBe(true),
    );
    const sent = server.seen.find((r) => r.method === 'PUT' || r.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}').lines).toEqual([{ planCode: 'MAX-55', addonCodes: ['VOICEMAIL'] }]);
  });
});

import type { Draft } from '@selfcare/domain/contracts/orders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { PlanStep } from './plan-step.tsx';
import { emptyDraft, offer, savedStep } from './wizard-test-data.ts';

const draft: Draft = {
  ...emptyDraft,
  plan: { typeSim: 0, lines: [{ planCode: 'VALUE-20', addonCodes: ['DATA-20', 'VOICEMAIL'] }] },
};
// The CIS check above the plans asks for its companies; none here.
const server = () =>
  fakeServer((req: Seen) =>
    req.method === 'PUT' ? ok({ ...draft, plan: JSON.parse(req.body ?? '{}') }) : ok({ companies: [] }),
  );

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => vi.unstubAllGlobals());

describe('step 1, the plans and add-ons', () => {
  it('shows the SIM types and every plan with its price, nothing chosen on a new order', () => {
    server();
    renderPage(<PlanStep offer={offer} draft={emptyDraft} myinfoRef="/getStarted" onDone={() => {}} />);
    expect((screen.getByRole('radio', { name: 'Physical SIM' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'eSIM' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Value 20/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Max 55/ })).toBeTruthy();
    expect(screen.getAllByText(/\$20\.00/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$55\.00/).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1);
  });

  it("says each plan's and add-on's description in the reader's language where staff wrote it", async () => {
    server();
    const written = {
      ...offer,
      plans: offer.plans.map((p) =>
        p.code === 'VALUE-20' ? { ...p, descriptions: { zh: '最多人选择的配套。' } } : p,
      ),
      addons: offer.addons.map((a) =>
        a.code === 'VOICEMAIL' ? { ...a, descriptions: { zh: '语音信箱。' } } : a,
      ),
    };
    await setLanguage('zh');
    try {
      renderPage(<PlanStep offer={written} draft={draft} myinfoRef="/getStarted" onDone={() => {}} />);
      expect(await screen.findByText('最多人选择的配套。')).toBeTruthy();
      expect(await screen.findByText('语音信箱。')).toBeTruthy();
      // One staff have not written reads the English.
      expect(screen.getByText('Max 55.')).toBeTruthy();
      expect(screen.queryByText('Value 20.')).toBeNull();
    } finally {
      await setLanguage('en');
    }
  });

  it("says 'Plan is required. Please choose plan!' when no plan is chosen, and does not move on", async () => {
    const fake = server();
    const onDone = vi.fn();
    renderPage(<PlanStep offer={offer} draft={emptyDraft} myinfoRef="/getStarted" onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Plan is required. Please choose plan!')).toBeTruthy();
    expect(savedStep(fake.seen, 'plan')).toBeUndefined();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('passes on the SIM type and each line with its plan and add-ons, then moves on', async () => {
    const fake = server();
    const onDone = vi.fn();
    renderPage(<PlanStep offer={offer} draft={emptyDraft} myinfoRef="/getStarted" onDone={onDone} />);
    fireEvent.click(screen.getByRole('radio', { name: 'eSIM' }));
    fireEvent.click(screen.getByRole('radio', { name: /Value 20/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Voicemail/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(savedStep(fake.seen, 'plan')).toEqual({
      typeSim: 1,
      lines: [{ planCode: 'VALUE-20', addonCodes: ['VOICEMAIL'] }],
    });
  });

  it('offers only the add-ons the chosen plan takes, and drops the others when the plan changes', async () => {
    const fake = server();
    renderPage(<PlanStep offer={offer} draft={draft} myinfoRef="/getStarted" onDone={() => {}} />);
    expect(screen.getByRole('checkbox', { name: /Extra 20GB/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Voicemail/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Max 55/ }));
    // Max 55 has unlimited data: no Extra 20GB for it.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Extra 20GB/ })).toBeNull());
    expect((screen.getByRole('checkbox', { name: /Voicemail/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(savedStep(fake.seen, 'plan')).toBeDefined());
    expect(savedStep(fake.seen, 'plan')).toEqual({
      typeSim: 0,
      lines: [{ planCode: 'MAX-55', addonCodes: ['VOICEMAIL'] }],
    });
  });
});

import { routeByName } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { navigate } from '../../lib/router.tsx';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, refused, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import GetStartedPage from './pages/get-started-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

let answered = false;
let completions = 0;
beforeEach(() => {
  answered = false;
  completions = 0;
  vi.mocked(notifySuccess).mockClear();
  session.set(sessionOf('token-1'));
  navigate('/getStarted?checkout=a-1', { replace: true });
  fakeServer((req) => {
    if (req.method === 'POST' && req.path === '/api/v1/orders/checkout/a-1/complete') {
      completions += 1;
      return answered ? ok({ orderId: 'o-1' }) : refused(503, OrderMessages.paymentNotConfirmed);
    }
    return { status: 404 };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('back from the card page while the gateway has not answered', () => {
  it('says once that the payment is being confirmed with the card company, not to pay again, and asks again by itself', async () => {
    renderPage(<GetStartedPage route={routeByName('getStarted')} />);
    expect(await screen.findByText(OrderMessages.paymentNotConfirmed)).toBeTruthy();
    expect(OrderMessages.paymentNotConfirmed).toMatch(/card company/);
    expect(OrderMessages.paymentNotConfirmed).toMatch(/do not pay again/i);
    expect(OrderMessages.paymentNotConfirmed).toMatch(/updates by itself/);
    expect(OrderMessages.paymentNotConfirmed).toMatch(/email/);
    expect(screen.queryByText(/try again/i)).toBeNull();
    // No way to pay a second time is offered while it is being confirmed.
    expect(screen.queryByRole('button', { name: /pay/i })).toBeNull();
    answered = true;
    await waitFor(() => expect(window.location.pathname).toBe('/myAccount'), { timeout: 8000 });
    expect(completions).toBeGreaterThan(1);
  }, 12000);
});

describe('back from the card page with the order paid', () => {
  it("says the spec's 'Order payment successfully' with 'You have ordered successfully!'", async () => {
    answered = true;
    renderPage(<GetStartedPage route={routeByName('getStarted')} />);
    await waitFor(() => expect(window.location.pathname).toBe('/myAccount'));
    const [[said]] = vi.mocked(notifySuccess).mock.calls as [[string]];
    expect(said).toContain(OrderMessages.orderPaid);
    expect(OrderMessages.orderPaid).toBe('Order payment successfully');
    expect(said).toContain(OrderMessages.orderedSuccessfully);
    expect(said).toContain(OrderMessages.waitForApproval);
  });
});

import { MantineProvider } from '@mantine/core';
import { Messages, TOAST_DURATION_MS } from '@selfcare/domain';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { customer, fakeServer } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { renderShell } from '../../test/render-shell.tsx';
import { loadSettings } from '../settings.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ToastHost } from './toast-host.tsx';

// The portal as it starts when the operator's settings cannot be loaded: the shell's links are the
// defaults, whatever another file loaded before.
beforeEach(async () => {
  fakeServer(() => ({ status: 404 }));
  await loadSettings();
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  session.clear();
});

/** The toasts showing, not leaving: Mantine fades a toast out before it takes it away. */
const onScreen = () =>
  [...document.querySelectorAll('.mantine-Notification-root')]
    .filter((e) => e.getAttribute('style')?.includes('--notifications-state-opacity: 1'))
    .map((e) => e.textContent);

describe('toasts', () => {
  it('show one at a time for 5 seconds: a new one replaces the one on screen', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'Date',
      ],
    });
    render(
      <MantineProvider env="test">
        <ToastHost />
      </MantineProvider>,
    );
    // The first toast also loads the toasts' chunk.
    act(() => notify('Data updated successfully', 'success'));
    await act(() => vi.dynamicImportSettled());
    act(() => vi.advanceTimersByTime(1000));
    expect(onScreen()).toEqual(['Data updated successfully']);
    act(() => notify('Us added successfully.', 'success'));
    act(() => vi.advanceTimersByTime(1000));
    expect(onScreen()).toEqual(['Us added successfully.']);
    expect(screen.queryByText('Data updated successfully')).toBeNull();
    // Still there just before its 5 seconds, going after them, then gone.
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 100));
    expect(onScreen()).toEqual(['Us added successfully.']);
    act(() => vi.advanceTimersByTime(200));
    expect(onScreen()).toEqual([]);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Us added successfully.')).toBeNull();
  });
});

function Broken(): never {
  throw new Error('render failed');
}

describe('a rendering failure', () => {
  it("shows 'Something went wrong.' instead of a blank page", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(Messages.somethingWrong).toBe('Something went wrong.');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});

describe('the shell', () => {
  it('shows the menus on a page inside the shell, and hides them on the order wizard', async () => {
    const inside = renderShell('local');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    inside.unmount();

    for (const wizard of ['getStarted', 'getStartedNoBill'] as const) {
      const page = renderShell(wizard, customer({ status: 0, activated: false }));
      expect(screen.getByText('The page')).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'MY ACCOUNT' })).toBeNull();
      // Logging out stays possible.
      expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
      page.unmount();
    }
  });

  it('has the Plans, About and Help links, and a login button or a logout button', () => {
    const out = renderShell('login', null);
    const site = screen.getByRole('navigation', { name: 'Site' });
    expect(within(site).getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe(
      'https://selfcare.example.sg/plans',
    );
    expect(within(site).getByRole('link', { name: 'About' }).getAttribute('href')).toBe(
      'https://selfcare.example.sg/about',
    );
    expect(within(site).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe(
      'https://selfcare.example.sg/help',
    );
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    out.unmount();

    renderShell('forgotPassword', null);
    expect(screen.getByRole('link', { name: 'Log in / Register' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('has a logout button and the portal’s own Help for a signed-in customer', () => {
    renderShell('local');
    const site = screen.getByRole('navigation', { name: 'Site' });
    expect(within(site).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/helps');
    expect(screen.getAllByRole('button', { name: 'Log out' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Log in / Register' })).toBeNull();
  });

  it('has the social links, Contact Us, Terms, and a copyright line with the cookie notice in the footer', () => {
    renderShell('login', null);
    const footer = screen.getByRole('contentinfo');
    const social = within(footer).getByRole('navigation', { name: 'Follow us' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Facebook', 'Instagram', 'YouTube']);
    expect(within(footer).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      'mailto:support@selfcare.example.sg',
    );
    expect(within(footer).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe(
      'https://selfcare.example.sg/terms',
    );
    const year = new Date().getFullYear();
    expect(
      within(footer).getByText(
        `© ${year} Selfcare. All rights reserved. We use essential cookies to keep you logged in securely. By using this site you agree to their use.`,
      ),
    ).toBeTruthy();
  });

  it('lays the header, the page and the footer out in a container at most 1440px wide', () => {
    renderShell('local');
    const containers = [
      screen.getByRole('banner').querySelector('.mantine-Container-root'),
      screen.getByRole('main').querySelector('.mantine-Container-root'),
      screen.getByRole('contentinfo').querySelector('.mantine-Container-root'),
    ];
    for (const c of containers) {
      expect(c).toBeTruthy();
      // Mantine writes it in rem at the 16px root size: 90rem.
      const size = (c as HTMLElement).style.getPropertyValue('--container-size');
      expect(Number(/([\d.]+)rem/.exec(size)?.[1]) * 16, size).toBe(1440);
    }
    expect(within(screen.getByRole('main')).getByText('The page')).toBeTruthy();
  });
});

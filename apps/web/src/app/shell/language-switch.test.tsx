import type { AuthUser } from '@selfcare/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { followSignIns } from '../../lib/language.ts';
import { session } from '../../lib/session.ts';
import ms from '../../locales/ms.json';
import ta from '../../locales/ta.json';
import zh from '../../locales/zh.json';
import { customer, fakeServer, ok, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderShell } from '../../test/render-shell.tsx';
import { loadSettings } from '../settings.ts';

let server: ReturnType<typeof fakeServer>;
let kept: AuthUser | null = null;
beforeEach(async () => {
  server = fakeServer((req: Seen) => {
    if (req.method === 'PUT' && req.path === '/api/v1/auth/language') {
      const { language } = JSON.parse(req.body ?? '{}') as { language: AuthUser['language'] };
      kept = { ...(session.get().user as AuthUser), language };
      return ok(kept);
    }
    return { status: 404 };
  });
  await loadSettings();
});
afterEach(async () => {
  session.clear();
  kept = null;
  await setLanguage('en');
});

const choose = (name: string) =>
  act(async () => {
    const select = screen.getAllByRole('combobox', { name: 'Language' })[0] as HTMLSelectElement;
    const value = within(select).getByRole('option', { name }).getAttribute('value') as string;
    fireEvent.change(select, { target: { value } });
  });

const languagePuts = () =>
  server.seen.filter((r) => r.method === 'PUT' && r.path === '/api/v1/auth/language');

describe('the language switch', () => {
  it('lists the four languages, each in its own script and language', () => {
    renderShell('login', null);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['简体中文', 'zh'],
      ['Bahasa Melayu', 'ms'],
      ['தமிழ்', 'ta'],
    ]);
  });

  it('turns the pages to Chinese, tells the page its language, and keeps it on the account', async () => {
    renderShell('local', customer({ language: null }));
    await choose('简体中文');
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-Hans-SG'));
    expect(await screen.findAllByRole('button', { name: zh.header.logout })).not.toHaveLength(0);
    expect(await screen.findByRole('navigation', { name: zh.header.menu })).toBeTruthy();
    await waitFor(() => expect(languagePuts()).toHaveLength(1));
    expect(JSON.parse(languagePuts()[0]?.body ?? '')).toEqual({ language: 'zh' });
    await waitFor(() => expect(session.get().user?.language).toBe('zh'));
    expect(JSON.parse(localStorage.getItem('language') ?? 'null')).toBe('zh');
  });

  it('chosen before signing in, is kept on the account once the customer signs in', async () => {
    const stop = followSignIns();
    renderShell('login', null);
    await choose('தமிழ்');
    expect(await screen.findByRole('navigation', { name: ta.header.site })).toBeTruthy();
    expect(languagePuts()).toHaveLength(0);
    act(() => void session.set({ ...sessionOf('token-1'), authUser: customer({ language: 'en' }) }));
    await waitFor(() => expect(languagePuts()).toHaveLength(1));
    expect(JSON.parse(languagePuts()[0]?.body ?? '')).toEqual({ language: 'ta' });
    expect(document.documentElement.lang).toBe('ta-SG');
    stop();
  });

  it("follows the account's own choice when the customer signs in on a browser reading another", async () => {
    const stop = followSignIns();
    renderShell('login', null);
    act(() => void session.set({ ...sessionOf('token-1'), authUser: customer({ language: 'ms' }) }));
    await waitFor(() => expect(document.documentElement.lang).toBe('ms-SG'));
    expect(await screen.findByRole('navigation', { name: ms.header.site })).toBeTruthy();
    expect(languagePuts()).toHaveLength(0);
    stop();
  });
});

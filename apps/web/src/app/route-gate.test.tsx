import { type RouteDef, type RouteName, routeByName } from '@selfcare/domain';
import { screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate, useLocation } from '../lib/router.tsx';
import { session } from '../lib/session.ts';
import { customer, fakeServer, ok, sessionOf } from '../test/fake-server.ts';
import { renderPage } from '../test/render-page.tsx';
import { RouteGate } from './route-gate.tsx';

const Page = lazy(async () => ({
  default: ({ route }: { route: RouteDef }) => <p>{route.name === 'login' ? 'Log in' : 'The page'}</p>,
}));
/** The route `name` until the gate sends the browser to /login, as the router would. */
function Gate({ name }: { name: RouteName }) {
  const atLogin = useLocation().pathname === '/login';
  return <RouteGate key={String(atLogin)} route={routeByName(atLogin ? 'login' : name)} page={Page} />;
}
const open = (name: RouteName) => renderPage(<Gate name={name} />);
const signIn = (exp = Math.floor(Date.now() / 1000) + 900) =>
  session.set({ ...sessionOf('token-1'), authUser: customer({ exp }) });

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('a stored login', () => {
  it.each([
    ['confirmEmail', '/confirmEmail/abc'],
    ['resetPassword', '/resetPassword/abc'],
    ['forgotPassword', '/forgotPassword'],
  ] as const)('is cleared first on %s, which then shows its page', async (name, path) => {
    const server = fakeServer(() => ok(null));
    signIn();
    navigate(path);
    expect(localStorage.getItem('user')).not.toBeNull();
    open(name);
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(session.get().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('roadshow')).toBeNull();
    // The build's version is not the login's: it stays.
    expect(localStorage.getItem('version')).not.toBeNull();
    await waitFor(() => expect(server.count('POST', '/api/v1/auth/logout')).toBe(1));
  });

  it('is kept on a page that does not clear it', async () => {
    fakeServer(() => ok(null));
    signIn();
    navigate('/dashboard/local');
    open('local');
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('whose exp has passed is not used: the page goes to /login and the stored user is cleared', async () => {
    fakeServer(() => ok(null));
    signIn(Math.floor(Date.now() / 1000) - 1);
    navigate('/dashboard/local');
    open('local');
    expect(await screen.findByText('Log in')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByText('The page')).toBeNull();
    expect(window.history.state?.usr).toEqual({ from: '/dashboard/local' });
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    expect(session.get().user).toBeNull();
  });
});

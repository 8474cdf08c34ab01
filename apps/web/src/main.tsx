import '@mantine/core/styles.css';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { CLEARS_LOGIN, matchRoute } from '@selfcare/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/router.tsx';
import { SessionKeeper } from './app/session-keeper.tsx';
import { loadSettings } from './app/settings.ts';
import { ErrorBoundary } from './app/shell/error-boundary.tsx';
import { ToastHost } from './app/shell/toast-host.tsx';
import { call, refreshSession, refreshUnreachable, sendPendingLogout } from './lib/api.ts';
import { currentLanguage, registerMessageTexts, registerTexts, setLanguage } from './lib/i18n.ts';
import { firstLanguage, followSignIns } from './lib/language.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { isValid, session } from './lib/session.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';

/**
 * Token refresh runs at start: a valid refresh cookie restores the session, anything else clears it.
 * Without a network, a customer still signed in on this device reads what it kept (ADR 0057): the
 * session is renewed when the network is back.
 */
async function restoreSession() {
  // A sign-out the network did not carry is sent first: the session it ended is not renewed.
  if (await sendPendingLogout()) return session.clear();
  // A link that starts signed out (a reset or confirmation link, SPEC.md section 4) ends the stored
  // session before anything is drawn: no page of the signed-in customer shows, nor asks for anything.
  const opened = matchRoute(window.location.pathname);
  if (opened && CLEARS_LOGIN.has(opened.name)) {
    if (session.get().user)
      await call('POST /auth/logout', undefined, { anonymous: true, silent: true }).catch(() => {});
    return session.clear();
  }
  const renewed = await refreshSession();
  if (!renewed) {
    const offline = !navigator.onLine || refreshUnreachable();
    if (offline && isValid(session.get().user, true)) return session.readOffline();
    session.clear();
    return;
  }
  if (session.set(renewed)) window.location.reload();
}

// The portal's chrome (header, footer, login, page titles), in the language the first render is in.
registerTexts('', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));
// The domain's messages a page before signing in may show ('Email is required'); the rest come with
// the signed-in pages (lib/query-pages.tsx).
registerMessageTexts(
  'core',
  import.meta.glob('../../../packages/domain/src/locales/messages-core.*.json', { import: 'default' }),
);

async function start() {
  // The language this browser chose or prefers is known at once: its texts come while the settings
  // and the session do. The operator's default and the account's choice, once known, may change it.
  const early = setLanguage(firstLanguage(null)).catch(() => setLanguage('en'));
  const [portal] = await Promise.all([loadSettings(), restoreSession(), early]);
  const language = firstLanguage(portal.defaultLanguage);
  // A language whose texts cannot be fetched now leaves the pages in the one they have.
  if (language !== currentLanguage()) await setLanguage(language).catch(() => {});
  followSignIns();
  session.markReady();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for its whole length: a slow phone can still take a tap meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ToastHost />
          {/* Each page that asks with TanStack Query brings its provider (lib/query-pages.tsx). */}
          <ErrorBoundary>
            <SessionKeeper />
            <App />
          </ErrorBoundary>
        </MantineProvider>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void start();

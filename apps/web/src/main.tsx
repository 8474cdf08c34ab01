import '@mantine/core/styles.css';
import './app/app.css';
import { loadSettings } from './app/settings.ts';
import { refreshSession } from './lib/api.ts';
import { session } from './lib/session.ts';

/** Token refresh runs at start: a valid refresh cookie restores the session, anything else clears it. */
async function restoreSession() {
  const renewed = await refreshSession();
  if (!renewed) {
    session.clear();
    return;
  }
  if (session.set(renewed)) window.location.reload();
}

/**
 * The settings and session calls start as soon as this small entry runs, while React, Mantine and the
 * pages' shell (app/mount.tsx, preloaded by the page's HTML) are still on their way, instead of after
 * them: the first page is on screen a round trip sooner.
 */
async function start() {
  const app = import('./app/mount.tsx');
  const [portal] = await Promise.all([loadSettings(), restoreSession()]);
  (await app).mount(portal);
}

void start();

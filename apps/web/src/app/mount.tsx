import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setLanguage } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { session } from '../lib/session.ts';
import { cssVariablesResolver, theme } from '../lib/theme.ts';
import { App } from './router.tsx';
import { SessionKeeper } from './session-keeper.tsx';
import type { PortalSettings } from './settings.ts';
import { ErrorBoundary } from './shell/error-boundary.tsx';
import { ToastHost } from './shell/toast-host.tsx';

/** Shows the portal, once its settings are loaded and the session is restored (main.tsx). */
export function mount(portal: PortalSettings) {
  setLanguage(portal.defaultLanguage);
  session.markReady();
  // A transition renders in slices that yield to the browser, instead of one long task that keeps
  // it from responding while the first page is built.
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ToastHost />
          <QueryClientProvider client={queryClient}>
            <ErrorBoundary>
              <SessionKeeper />
              <App />
            </ErrorBoundary>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../app/shell/error-boundary.tsx';
import { ToastHost } from '../app/shell/toast-host.tsx';
import { ApiError } from '../lib/api-client.ts';
import { setLanguage } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from '../lib/theme.ts';
import { onStaffChange, refreshStaff } from './staff-api.ts';
import { StaffApp } from './staff-app.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/**
 * The staff console: its own part of the web app, loaded only under /staff, with its own session. It
 * is read in English only: the shared chrome's texts load, and `<html lang>` says so, before it shows.
 */
export async function startStaff() {
  await Promise.all([refreshStaff(), setLanguage('en')]);
  onStaffChange(() => queryClient.clear());
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>
            <StaffApp />
          </ErrorBoundary>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

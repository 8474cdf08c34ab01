import type { ComponentType } from 'react';
import { loadMessageTexts } from './i18n.ts';
import { lazy } from './lazy.ts';
import { session } from './session.ts';

type QueryModule = typeof import('./query-provider.ts');
let loaded: QueryModule | undefined;
let loading: Promise<QueryModule> | undefined;
const loadQueries = () =>
  (loading ??= import('./query-provider.ts').then((m) => {
    loaded = m;
    return m;
  }));

/** The domain's messages the signed-in pages show (a bill's status, an order's), in the reader's language. */
const loadMessages = () =>
  loadMessageTexts(
    'more',
    import.meta.glob('../../../../packages/domain/src/locales/messages.*.json', { import: 'default' }),
  );

/**
 * A page (or a part a page loads lazily) that asks with TanStack Query: the library and the one
 * client are fetched beside the page's own chunk, in parallel, and the page is given the client.
 * The pages a visitor opens before signing in do without it (use-action.ts), so /login never
 * downloads it (ADR 0055).
 */
export function lazyWithQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    void loadMessages();
    const [{ default: Component }, { QueryClientProvider, queryClient }] = await Promise.all([
      load(),
      loadQueries(),
    ]);
    return {
      default: (props: P) => (
        <QueryClientProvider client={queryClient}>
          <Component {...props} />
        </QueryClientProvider>
      ),
    };
  });
}

/** Forgets every answer kept (a logout): nothing to forget when no page asked yet. */
export function clearQueries(): void {
  loaded?.queryClient.clear();
}

/**
 * What the pages kept of one customer goes when their login ends in any way (a logout, an expiry,
 * the server ending the session) or another customer signs in on the same browser: the answers are
 * kept by what was asked, not by whom. A refreshed login of the same customer keeps them.
 */
let signedIn = session.get().user?.id ?? null;
session.subscribe(() => {
  const now = session.get().user?.id ?? null;
  if (now !== signedIn && signedIn !== null) clearQueries();
  signedIn = now;
});

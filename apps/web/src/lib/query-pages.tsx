import { type ComponentType, lazy } from 'react';

type QueryModule = typeof import('./query-provider.ts');
let loaded: QueryModule | undefined;
let loading: Promise<QueryModule> | undefined;
const loadQueries = () =>
  (loading ??= import('./query-provider.ts').then((m) => {
    loaded = m;
    return m;
  }));

/**
 * A page (or a part a page loads lazily) that asks with TanStack Query: the library and the one
 * client are fetched beside the page's own chunk, in parallel, and the page is given the client.
 * The pages a visitor opens before signing in do without it (use-action.ts), so /login never
 * downloads it (ADR 0055).
 */
export function lazyWithQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
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

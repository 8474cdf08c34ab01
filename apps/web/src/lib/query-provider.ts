/** What a page that asks with TanStack Query needs around it, loaded beside the page (query-pages.tsx). */
export { QueryClientProvider } from '@tanstack/react-query';
export { queryClient } from './query-client.ts';

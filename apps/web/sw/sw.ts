/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { FIGURES_CACHE, keptForOffline, OFFLINE_COPY_HEADER, readableOffline } from './offline-reads.ts';

/**
 * The portal's service worker (ADR 0057). It keeps the app shell (the page, its first scripts and
 * styles, the icons and the offline page), each script a page loaded, and the last answers of the
 * reads /dashboard/local and /bills show, so that those two pages open without a network with the
 * time their figures were saved. Everything else goes to the network as before; a page that needs it
 * while there is none gets the offline page. A new version waits until the customer takes it
 * (the portal's update notice posts 'take-update'), so a page is never swapped under a form.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if (event.data === 'take-update') void self.skipWaiting();
});
// A first install takes the open pages at once: the scripts they fetch next are kept.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Scripts, styles and catalogs are named by their content's hash: one kept is right for ever.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The reads of the two pages kept for offline reading: from the network when there is one (within
// 10 s), else the last answer kept, marked with the time the API sent it.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && keptForOffline(url.pathname),
  new NetworkFirst({
    cacheName: FIGURES_CACHE,
    networkTimeoutSeconds: 10,
    // An answer is kept whatever language or token it was asked with: the reader is the same.
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return null;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_COPY_HEADER, cachedResponse.headers.get('date') ?? '');
          return new Response(await cachedResponse.blob(), { status: 200, headers });
        },
      },
    ],
  }),
);

// Pages: always from the network, so a deploy's page is the one shown (and the version reload
// works). Without one, the two readable pages open from the kept shell, and any other the offline page.
const pages = new NetworkOnly();
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.mode === 'navigate' &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/staff'),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch (error) {
      const shell = readableOffline(options.url.pathname)
        ? await matchPrecache('/index.html')
        : await matchPrecache('/offline.html');
      if (shell) return shell;
      throw error;
    }
  },
);

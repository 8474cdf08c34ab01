/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  FIGURES_CACHE,
  FORGET_FIGURES,
  keptForOffline,
  OFFLINE_COPY_HEADER,
  readableOffline,
} from './offline-reads.ts';

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

// The shell's files by their own names only: '/' is a page, which comes from the network (below),
// not the index.html this version kept, so that a deploy's page is the one shown.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** When the portal last asked to forget the kept answers: a read that started before is not kept. */
let forgottenAt = 0;

self.addEventListener('message', (event) => {
  if (event.data === 'take-update') void self.skipWaiting();
  if (event.data === FORGET_FIGURES) {
    forgottenAt = Date.now();
    event.waitUntil(caches.delete(FIGURES_CACHE));
  }
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
      // Only the file itself: never a page answered in its place (a file of another deploy).
      {
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && !response.headers.get('content-type')?.startsWith('text/html')
            ? response
            : null,
      },
    ],
  }),
);

// The reads of the two pages kept for offline reading: from the network whenever it answers, else the
// last answer kept, marked with the time the API sent it.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && keptForOffline(url.pathname),
  new NetworkFirst({
    cacheName: FIGURES_CACHE,
    // An answer is kept whatever language or token it was asked with: the reader is the same.
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        requestWillFetch: async ({ request, state }) => {
          if (state) state.startedAt = Date.now();
          return request;
        },
        // Kept unless the customer signed out since the read began: theirs must not come back.
        cacheWillUpdate: async ({ response, state }) =>
          response.status === 200 && Number(state?.startedAt ?? 0) > forgottenAt ? response : null,
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

/**
 * A notification pushed by the portal (ADR 0060): its title and text in the customer's language, and
 * the page it is about, which a tap opens (in a tab of the portal already open, when there is one).
 */
interface Pushed {
  title: string;
  body: string;
  link: string | null;
  tag?: string;
  lang?: string;
}

self.addEventListener('push', (event) => {
  let pushed: Pushed;
  try {
    pushed = event.data?.json() as Pushed;
  } catch {
    return;
  }
  if (!pushed?.title) return;
  event.waitUntil(
    self.registration.showNotification(pushed.title, {
      body: pushed.body,
      ...(pushed.lang ? { lang: pushed.lang } : {}),
      icon: '/icons/icon-192.png',
      data: { link: pushed.link },
      // One in place of the last of its tag (a line's 100% alert for its 80%), and sounded again: a
      // replaced notification is otherwise silent.
      ...(pushed.tag ? { tag: pushed.tag, renotify: true } : {}),
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string | null } | null)?.link ?? '/';
  // Only the portal's own pages: a link to anywhere else ('//elsewhere') opens its home page.
  let url = new URL(link, self.location.origin);
  if (url.origin !== self.location.origin) url = new URL('/', self.location.origin);
  event.waitUntil(
    (async () => {
      // A tab of the customer's portal this worker controls is reused; the staff console's is not.
      const open = (await self.clients.matchAll({ type: 'window' })) as WindowClient[];
      const tab = open.find((c) => !new URL(c.url).pathname.startsWith('/staff'));
      if (tab) {
        await tab.focus();
        await tab.navigate(url.href);
      } else await self.clients.openWindow(url.href);
    })(),
  );
});

/**
 * What the service worker keeps for reading without a network (ADR 0057), apart from it so that the
 * portal and the tests read the same list.
 */

/** The cache of the kept answers; the portal empties it when a customer signs out. */
export const FIGURES_CACHE = 'figures';

/** The message that has the worker forget the kept answers, those of reads under way included. */
export const FORGET_FIGURES = 'forget-figures';

/** Set on an answer the service worker gave from its cache: the time the API sent it (an HTTP date). */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/** The pages that open without a network, from the shell. '/' leads to one of them. */
const READABLE = ['/', '/dashboard/local', '/bills'];

/**
 * The reads those pages and the portal's start make (the API's paths): the settings, the account and
 * its lines, each line's balances and days, the bills and each bill (not its PDF or its payments).
 */
const KEPT =
  /^\/api\/v1\/(settings|account|usage\/balances|usage\/daily|bills|bills\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const readableOffline = (pathname: string) => READABLE.includes(pathname.replace(/\/$/, '') || '/');
export const keptForOffline = (pathname: string) => KEPT.test(pathname);

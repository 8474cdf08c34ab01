import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. They depend only on the configuration, so instead of running
 * helmet (which parses the Content-Security-Policy again) for every request, the headers it sets
 * are recorded at start and copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

const STAFF_PAGE = /^\/staff(\/|\?|$)/;

/**
 * Powerful browser features nothing of ours uses are off everywhere. The customer app is one
 * document whose /activeSimOnline scans the SIM's barcode, so its pages may use the camera (ours
 * only, no frame's); the staff console and API answers may not.
 */
function permissionsPolicy(camera?: 'self'): string {
  return [
    `camera=(${camera ?? ''})`,
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'hid=()',
    'midi=()',
    'display-capture=()',
    'browsing-topics=()',
  ].join(', ');
}

/**
 * Pages and files get helmet's headers from `options`. API answers are data, never a document: the
 * REST set (OWASP) instead, shorter and stricter. Nothing may load in or frame them
 * (`default-src 'none'`), and no cache keeps them (`no-store`: they hold customers' data); a route
 * that means otherwise sets its own Cache-Control.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const page = securityHeaders(options);
  const data = {
    ...securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: options.strictTransportSecurity ?? true,
    }),
    'cache-control': 'no-store',
  };
  const customerPage = { ...page, 'permissions-policy': permissionsPolicy('self') };
  const staffPage = { ...page, 'permissions-policy': permissionsPolicy() };
  const apiData = { ...data, 'permissions-policy': permissionsPolicy() };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/') ? apiData : STAFF_PAGE.test(url) ? staffPage : customerPage);
    done();
  });
}

import { defineModule } from '../../module.ts';
import { cisRoutes } from './cis.routes.ts';
import { CisService } from './cis.service.ts';
import { cisEmails } from './cis-emails.ts';

export { cisErasure } from './cis-erasure.ts';
export type { CisService };

declare module '../../module.ts' {
  interface Services {
    cis: CisService;
  }
}

/** Corporate (CIS) eligibility: company email codes and MyInfo employers. */
export const cisModule = defineModule({
  name: 'cis',
  services: ({ database, clock, queue, throttle, config }, { accounts }) => ({
    cis: new CisService({
      database,
      clock,
      queue,
      throttle,
      otpSecret: config.OTP_SECRET,
      defaultLocale: config.DEFAULT_LANGUAGE,
      grants: accounts,
    }),
  }),
  // The code's email is its own (ADR 0048).
  start: ({ emailTemplates }) => {
    emailTemplates.add(cisEmails);
    return Promise.resolve();
  },
  routes: (app, { sessions, cis }, { config }) =>
    app.register(cisRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      cis,
      codeLimit: config.AUTH_RATE_LIMIT_MAX,
    }),
});

import { defineModule } from '../../module.ts';
import { myinfoRoutes } from './myinfo.routes.ts';
import { KycLogin, MyinfoService } from './myinfo.service.ts';

export type { KycLogin, MyinfoService };

declare module '../../module.ts' {
  interface Services {
    myinfo: MyinfoService;
    kyc: KycLogin;
  }
}

/** Retrieve with Myinfo for the order wizard, and the Singpass sign-in of online activation. */
export const myinfoModule = defineModule({
  name: 'myinfo',
  services: ({ database, clock, myinfoClient: client }, { cis }) => ({
    myinfo: new MyinfoService({ database, clock, cis, client }),
    kyc: new KycLogin({ database, clock, client }),
  }),
  routes: (app, { sessions, myinfo }, { config }) =>
    app.register(myinfoRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      myinfo,
      codeLimit: config.AUTH_RATE_LIMIT_MAX,
      cookieSecure: config.COOKIE_SECURE,
    }),
});

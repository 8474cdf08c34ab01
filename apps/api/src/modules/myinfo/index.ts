import { defineModule } from '../../module.ts';
import { myinfoRoutes } from './myinfo.routes.ts';
import { KycLogin, MyinfoService } from './myinfo.service.ts';
import { myinfoCisRoutes } from './myinfo-cis.routes.ts';
import { CisByMyinfo } from './myinfo-cis.service.ts';

export { myinfoErasure } from './myinfo-erasure.ts';
export type { CisByMyinfo, KycLogin, MyinfoService };

declare module '../../module.ts' {
  interface Services {
    myinfo: MyinfoService;
    kyc: KycLogin;
    cisByMyinfo: CisByMyinfo;
  }
}

/**
 * Retrieve with Myinfo for the order wizard, the Singpass sign-in of online activation, and the CIS
 * check by MyInfo's employer on /profile/checkCIS.
 */
export const myinfoModule = defineModule({
  name: 'myinfo',
  services: ({ database, clock, myinfoClient: client }, { cis }) => ({
    myinfo: new MyinfoService({ database, clock, cis, client }),
    kyc: new KycLogin({ database, clock, client }),
    cisByMyinfo: new CisByMyinfo({ database, clock, cis, client }),
  }),
  routes: async (app, { sessions, myinfo, cisByMyinfo }, { config }) => {
    const shared = {
      prefix: '/api/v1',
      auth: sessions,
      codeLimit: config.AUTH_RATE_LIMIT_MAX,
      cookieSecure: config.COOKIE_SECURE,
    };
    await app.register(myinfoRoutes, { ...shared, myinfo });
    await app.register(myinfoCisRoutes, { ...shared, cisByMyinfo });
  },
});

import { defineModule } from '../../module.ts';
import { authJobs, registerAuthWorkers } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';

export type { CurrentUser } from './auth.repository.ts';
export type { AuthService, IssuedSession, RequestMeta } from './auth.service.ts';
export { toAuthUser } from './auth.service.ts';

declare module '../../module.ts' {
  interface Services {
    auth: AuthService;
  }
}

/** Customers' accounts, sign-in, sessions and one-time codes. */
export const authModule = defineModule({
  name: 'auth',
  jobs: authJobs,
  services: ({ database, queue, clock, config, throttle, brand }) => ({
    auth: new AuthService(database, queue, clock, config, throttle, brand),
  }),
  workers: (queue, { auth }) => registerAuthWorkers(queue, auth),
  routes: (app, { auth, online }, { config, webVersion }) =>
    app.register(authRoutes, { prefix: '/api/v1/auth', auth, online, config, version: webVersion }),
});

import { defineModule } from '../../module.ts';
import { AccountService } from './account.service.ts';
import { authJobs } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';
import { authSettings } from './auth.settings.ts';
import { registerAuthWorkers } from './auth.workers.ts';
import { authEmails } from './auth-emails.ts';
import { PasskeyService } from './passkey.service.ts';
import { SessionService } from './session.service.ts';
import { SignInService } from './sign-in.service.ts';
import { signInEmails } from './sign-in-emails.ts';

export type { AccountService } from './account.service.ts';
export { accountExportOf } from './account-export.ts';
export {
  type Notice,
  type NoticeContent,
  type NoticeDeps,
  queueNotice,
  queueNotices,
} from './account-notices.ts';
export { accountRecords } from './account-records.ts';
export type { CurrentUser } from './auth.repository.ts';
export { customerContacts } from './auth.schema.ts';
export type { SecurityEvent } from './auth-emails.ts';
export { authErasure, type ErasedLogin } from './auth-erasure.ts';
export type { IssuedSession, RequestMeta } from './auth-shared.ts';
export { toAuthUser } from './auth-shared.ts';
export type { SessionService } from './session.service.ts';
export type { SignInService } from './sign-in.service.ts';

declare module '../../module.ts' {
  interface Services {
    /** Registration, confirmation, the forgotten password and customers' status changes. */
    accounts: AccountService;
    /** Sign-in by password or one-time code. */
    signIn: SignInService;
    /** Customers' open sessions: what the route guards ask (`authenticated(sessions, …)`). */
    sessions: SessionService;
    /** Passkeys: signing in with one, and each customer's own (ADR 0059). */
    passkeys: PasskeyService;
  }
}

/** Customers' accounts, sign-in, sessions and one-time codes. */
export const authModule = defineModule({
  name: 'auth',
  settings: authSettings,
  jobs: authJobs,
  services: ({ database, queue, clock, config, throttle, brand }) => {
    const sessions = new SessionService({ database, clock, config });
    return {
      sessions,
      accounts: new AccountService({ database, queue, clock, config, throttle, brand, sessions }),
      signIn: new SignInService({ database, queue, clock, config, throttle, brand, sessions }),
      passkeys: new PasskeyService({ database, queue, clock, config, brand, sessions }),
    };
  },
  // The emails of signing in and about the account's address are its own (ADR 0048).
  start: ({ emailTemplates }) => {
    emailTemplates.add(authEmails);
    emailTemplates.add(signInEmails);
    return Promise.resolve();
  },
  workers: (queue, { accounts, signIn }, { throttle }) =>
    registerAuthWorkers(queue, { accounts, signIn, throttle }),
  routes: (app, { accounts, signIn, sessions, passkeys, online }, { config, webVersion }) =>
    app.register(authRoutes, {
      prefix: '/api/v1/auth',
      accounts,
      signIn,
      sessions,
      passkeys,
      online,
      config,
      version: webVersion,
    }),
});

import { defineModule } from '../../module.ts';
import { accountClosing } from './account-closing.ts';
import { accountDeletionRoutes, staffAccountDeletionRoutes } from './account-deletion.routes.ts';
import { AccountDeletion } from './account-deletion.ts';
import { accountExportRoutes } from './account-export.routes.ts';
import { AccountExport } from './account-export.ts';
import { registerUsersWorkers, usersJobs } from './users.jobs.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';
import { usersEmails } from './users-emails.ts';

export type { AccountDeletion, AccountExport, UsersService };

declare module '../../module.ts' {
  interface Services {
    users: UsersService;
    /** Closing and deleting an account at the customer's request (ADR 0030). */
    accountDeletion: AccountDeletion;
    /** The customer's copy of everything held about them (PDPA access). */
    accountExport: AccountExport;
  }
}

/** The signed-in customer's own record, as the web app's session reads it, and closing it. */
export const usersModule = defineModule({
  name: 'users',
  jobs: usersJobs,
  services: ({ database, clock, queue, config }, { history, accounts, sessions }) => ({
    users: new UsersService(database, history),
    accountExport: new AccountExport({ database, clock }),
    accountDeletion: new AccountDeletion({
      database,
      clock,
      queue,
      publicUrl: config.PUBLIC_URL,
      accounts,
      sessions,
      defaultLocale: config.DEFAULT_LANGUAGE,
    }),
  }),
  // Adding a line is refused while the account is closing; orders asks through this (ADR 0045). The
  // emails about closing the account are its own (ADR 0048).
  start: ({ subLines, emailTemplates }) => {
    subLines.refusedWhile(accountClosing);
    emailTemplates.add(usersEmails);
    return Promise.resolve();
  },
  workers: (queue, { accountDeletion }) => registerUsersWorkers(queue, { accountDeletion }),
  routes: async (app, { sessions, users, accountDeletion, accountExport, staffAuth }, { config }) => {
    await app.register(usersRoutes, { prefix: '/api/v1', auth: sessions, users });
    await app.register(accountExportRoutes, { prefix: '/api/v1', auth: sessions, accountExport });
    await app.register(accountDeletionRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      deletion: accountDeletion,
      authLimit: config.AUTH_RATE_LIMIT_MAX,
    });
    await app.register(staffAccountDeletionRoutes, {
      prefix: '/api/v1/staff',
      staffAuth,
      deletion: accountDeletion,
    });
  },
});

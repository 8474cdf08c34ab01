import type { Db } from '../../db/client.ts';
import { defineModule } from '../../module.ts';
import { EmailTemplates } from './email-registry.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { notificationJobs, registerNotificationWorkers } from './notification.jobs.ts';
import { pushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';
import { PushService, vapidKeysOf } from './push.service.ts';
import { pushSettings } from './push.settings.ts';

export {
  button,
  escapeHtml,
  greeting,
  layout,
  type Notice,
  notYou,
  type Rendered,
  renderNotice,
  textFooter,
} from './email-layout.ts';
export {
  defineEmailTemplates,
  defineOrderEmails,
  type EmailTemplateGroup,
  type EmailTemplates,
  everyLinked,
  linkedPage,
} from './email-registry.ts';
export { notificationsErasure } from './inbox.repository.ts';
export type { EmailContent, ModuleEmails } from './module-emails.ts';
export { sendEmailJob, sendPushJob, sendSmsJob } from './notification.jobs.ts';
export {
  deliveryMethodName,
  type OrderEmailContent,
  type OrderWords,
  orderFields,
} from './order-emails.ts';
/**
 * What the account's sign-in may do to its browsers' notifications (ADR 0060): forget them all (a
 * password reset, an 'Us' line's login ending), or the one a sign-out names. Nothing else of the
 * device table leaves notifications.
 */
export const accountPushDevices = {
  forgetAll: (db: Db, userId: string) => pushRepository.forgetUser(db, userId),
  signedOut: (db: Db, userId: string, endpoint: string) =>
    pushRepository.removeEndpoint(db, userId, endpoint),
};
export type { PushService } from './push.service.ts';
export { DEFAULT_PUSH_SERVICES } from './push.settings.ts';

declare module '../../module.ts' {
  interface Services {
    emailTemplates: EmailTemplates;
    /** The browsers customers allowed to show notifications, and sending to them (ADR 0060). */
    push: PushService;
  }
}

/**
 * Email and SMS to customers and staff: other modules enqueue its jobs in their own transactions.
 * What went out to a customer is kept for their inbox when its template or sender says so (ADR 0058).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  settings: pushSettings,
  jobs: notificationJobs,
  services: ({ database, clock, config, brand }) => {
    // The VAPID keys are read (or made) once, when first needed.
    let keys: ReturnType<typeof vapidKeysOf> | undefined;
    return {
      // The modules below add their own templates to it as they start (ADR 0048).
      emailTemplates: new EmailTemplates(),
      push: new PushService({ database, clock, config, brand, keys: () => (keys ??= vapidKeysOf(config)) }),
    };
  },
  routes: async (app, { sessions, push }, { database, clock }) => {
    await app.register(inboxRoutes, { prefix: '/api/v1', auth: sessions, database, clock });
    await app.register(pushRoutes, { prefix: '/api/v1', auth: sessions, push });
  },
  workers: (queue, { emailTemplates, accounts, push, profile }, { email, sms, brand, clock, database }) =>
    registerNotificationWorkers(queue, {
      email,
      sms,
      brand,
      clock,
      database,
      templates: emailTemplates,
      recipientOf: accounts.recipientOf.bind(accounts),
      push,
      pushAllowed: profile.pushAllowed.bind(profile),
    }),
});

import { defineModule } from '../../module.ts';
import { EmailTemplates } from './email-registry.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { notificationJobs, registerNotificationWorkers } from './notification.jobs.ts';

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
export { sendEmailJob, sendSmsJob } from './notification.jobs.ts';
export {
  deliveryMethodName,
  type OrderEmailContent,
  type OrderWords,
  orderFields,
} from './order-emails.ts';

declare module '../../module.ts' {
  interface Services {
    emailTemplates: EmailTemplates;
  }
}

/**
 * Email and SMS to customers and staff: other modules enqueue its jobs in their own transactions.
 * What went out to a customer is kept for their inbox when its template or sender says so (ADR 0058).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  jobs: notificationJobs,
  // The modules below add their own templates to it as they start (ADR 0048).
  services: () => ({ emailTemplates: new EmailTemplates() }),
  routes: (app, { sessions }, { database, clock }) =>
    app.register(inboxRoutes, { prefix: '/api/v1', auth: sessions, database, clock }),
  workers: (queue, { emailTemplates, accounts }, { email, sms, brand, clock, database }) =>
    registerNotificationWorkers(queue, {
      email,
      sms,
      brand,
      clock,
      database,
      templates: emailTemplates,
      recipientOf: accounts.recipientOf.bind(accounts),
    }),
});

import { defineModule } from '../../module.ts';
import { EmailTemplates } from './email-registry.ts';
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
} from './email-registry.ts';
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

/** Email and SMS to customers and staff: other modules enqueue its jobs in their own transactions. */
export const notificationsModule = defineModule({
  name: 'notifications',
  jobs: notificationJobs,
  // The modules below add their own templates to it as they start (ADR 0048).
  services: () => ({ emailTemplates: new EmailTemplates() }),
  workers: (queue, { emailTemplates }, { email, sms, brand, clock }) =>
    registerNotificationWorkers(queue, { email, sms, brand, clock, templates: emailTemplates }),
});

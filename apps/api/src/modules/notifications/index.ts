import { defineModule } from '../../module.ts';
import { notificationJobs, registerNotificationWorkers } from './notification.jobs.ts';

export { renderRoamingCapSms } from './alert-emails.ts';
export { deductionFailedText, overdueNoticeText } from './bill-emails.ts';
export { type NoticeEmail, renderSecurityAlertSms, type SecurityEvent } from './notice-emails.ts';
export { sendEmailJob, sendSmsJob } from './notification.jobs.ts';
export type { OrderEmail, OrderEmailContent } from './order-emails.ts';
export {
  renderFailedSignInSms,
  renderOtpSms,
  renderRegistrationAttemptSms,
  renderUsageAlertSms,
} from './templates.ts';

/** Email and SMS to customers and staff: other modules enqueue its jobs in their own transactions. */
export const notificationsModule = defineModule({
  name: 'notifications',
  jobs: notificationJobs,
  workers: (queue, _services, { email, sms, brand, clock }) =>
    registerNotificationWorkers(queue, { email, sms, brand, clock }),
});

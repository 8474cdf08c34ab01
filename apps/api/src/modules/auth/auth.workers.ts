import type { Queue } from '../../jobs/queue.ts';
import type { Throttle } from '../../security/throttle.ts';
import type { AccountService } from './account.service.ts';
import {
  pruneThrottleJob,
  registrationNoticeJob,
  sendConfirmationJob,
  sendLoginCodeJob,
  sendResetJob,
} from './auth.jobs.ts';
import type { SignInService } from './sign-in.service.ts';

export async function registerAuthWorkers(
  queue: Queue,
  deps: { accounts: AccountService; signIn: SignInService; throttle: Throttle },
) {
  await queue.work(sendResetJob, (data) => deps.accounts.sendReset(data.email, data.token));
  await queue.work(sendLoginCodeJob, (data) =>
    deps.signIn.sendLoginCode({
      ...data,
      requestedAt: new Date(data.requestedAt),
      expiresAt: new Date(data.expiresAt),
    }),
  );
  await queue.work(sendConfirmationJob, (data) => deps.accounts.sendNewConfirmation(data.userId, data.token));
  await queue.work(registrationNoticeJob, (data) =>
    deps.accounts.sendRegistrationNotice(data.email, data.phoneNumber),
  );
  await queue.work(pruneThrottleJob, async () => {
    await deps.throttle.prune();
  });
  // Every day at 03:45 Singapore time, among the night's other clean-ups.
  await queue.boss.schedule(pruneThrottleJob.name, '45 3 * * *', {}, { tz: 'Asia/Singapore' });
}

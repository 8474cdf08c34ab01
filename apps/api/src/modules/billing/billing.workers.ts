import type { Queue } from '../../jobs/queue.ts';
import type { BankCredits } from './bank-credits.ts';
import type { BillPayments } from './bill-payments.ts';
import type { BillRun } from './bill-run.ts';
import {
  BILL_RUN_MS,
  billRunJob,
  deductJob,
  reconcileBankJob,
  reconcileBillPaymentsJob,
  reconcileGatewayJob,
  sendBillsJob,
} from './billing.jobs.ts';
import type { BillingService } from './billing.service.ts';
import type { Deductions } from './deduction.ts';
import type { GatewayCharges } from './gateway-charges.ts';

const EMAIL_PAGE = 200;

export async function registerBillingWorkers(
  queue: Queue,
  deps: {
    billing: BillingService;
    billRun: BillRun;
    billPayments: BillPayments;
    bankCredits: BankCredits;
    gatewayCharges: GatewayCharges;
    deductions: Deductions;
  },
) {
  await queue.work(billRunJob, async () => {
    const month = deps.billRun.monthDue();
    if (await deps.billRun.finished(month)) return;
    const { finished, made } = await deps.billRun.run(month, Date.now() + BILL_RUN_MS);
    if (!finished) await queue.send(billRunJob, {});
    if (made > 0) await queue.send(sendBillsJob, {});
  });
  await queue.work(sendBillsJob, async () => {
    if ((await deps.billing.sendBillEmails(EMAIL_PAGE)) === EMAIL_PAGE) await queue.send(sendBillsJob, {});
  });
  await queue.work(reconcileBillPaymentsJob, async () => {
    await deps.billPayments.reconcile();
  });
  await queue.boss.schedule(reconcileBillPaymentsJob.name, '* * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.work(reconcileBankJob, async () => {
    await deps.bankCredits.reconcile();
  });
  await queue.boss.schedule(reconcileBankJob.name, '* * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(reconcileBankJob, {});
  await queue.work(reconcileGatewayJob, async () => {
    await deps.gatewayCharges.reconcile();
  });
  await queue.boss.schedule(reconcileGatewayJob.name, '*/5 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(reconcileGatewayJob, {});
  await queue.work(deductJob, async () => {
    if ((await deps.deductions.run()).more) await queue.send(deductJob, {});
  });
  await queue.boss.schedule(deductJob.name, '5 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(deductJob, {});
  // The run's own check is cheap: every ten minutes, so that the 1st is billed soon after 00:00, and
  // now, so that a worker that was down over the 1st catches up at once.
  await queue.boss.schedule(billRunJob.name, '*/10 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.boss.schedule(sendBillsJob.name, '*/15 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(billRunJob, {});
}

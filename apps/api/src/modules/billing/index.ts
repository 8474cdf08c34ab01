import { BankClient } from '../../integrations/bank.ts';
import { defineModule } from '../../module.ts';
import { BankCredits } from './bank-credits.ts';
import { billEmails } from './bill-emails.ts';
import { billPaymentsRepository } from './bill-payments.repository.ts';
import { BillPayments } from './bill-payments.ts';
import { BillRun } from './bill-run.ts';
import { BillSubjects } from './bill-subjects.ts';
import { billingJobs } from './billing.jobs.ts';
import { billingMetrics } from './billing.metrics.ts';
import { bankWebhookRoutes, billingRoutes } from './billing.routes.ts';
import { BillingService } from './billing.service.ts';
import { BILLING_CHARGE_KINDS, billingSettings } from './billing.settings.ts';
import { registerBillingWorkers } from './billing.workers.ts';
import { CardCharges } from './card-charges.ts';
import { CardPaymentOwners } from './card-payment-owners.ts';
import { CardsOnFile } from './cards-on-file.ts';
import { ChargesLedger } from './charges-ledger.ts';
import { Deductions } from './deduction.ts';
import { GatewayCharges } from './gateway-charges.ts';
import { SavedCard } from './saved-card.ts';
import { staffBillingRoutes } from './staff-billing.routes.ts';
import { StaffBilling } from './staff-billing.ts';
import { UnmatchedCredits } from './unmatched-credits.ts';

export { type BillRunPart, filled, literal, prorated, type RunValues } from './bill-run-parts.ts';
export type { BillingAddressOf, LineLabels } from './bill-subjects.ts';
export { billingErasure } from './billing-erasure.ts';
export { billingExportOf } from './billing-export.ts';
export type { CardPaymentOwner } from './card-payment-owners.ts';
export type { CardOnFile, CardStore } from './cards-on-file.ts';
export { chargeRecords } from './charge-records.ts';
export { forgetTaxRecordsOf } from './tax-records.ts';
export type {
  BillingService,
  BillPayments,
  BillSubjects,
  CardCharges,
  CardPaymentOwners,
  CardsOnFile,
  ChargesLedger,
  Deductions,
  GatewayCharges,
  StaffBilling,
  UnmatchedCredits,
};
export { BankCredits, BillRun };

declare module '../../module.ts' {
  interface Services {
    billing: BillingService;
    billRun: BillRun;
    billPayments: BillPayments;
    bankCredits: BankCredits;
    deductions: Deductions;
    staffBilling: StaffBilling;
    unmatchedCredits: UnmatchedCredits;
    cardPaymentOwners: CardPaymentOwners;
    cardsOnFile: CardsOnFile;
    billSubjects: BillSubjects;
    gatewayCharges: GatewayCharges;
    savedCard: SavedCard;
    charges: ChargesLedger;
    cardCharges: CardCharges;
  }
}

/** Billing: the charges ledger, the monthly bill run, the bills and their PDF (ADR 0023). */
export const billingModule = defineModule({
  name: 'billing',
  settings: billingSettings,
  chargeKinds: BILLING_CHARGE_KINDS,
  jobs: billingJobs,
  start: ({ emailTemplates }) => {
    emailTemplates.add(billEmails);
    return Promise.resolve();
  },
  services: ({ database, clock, queue, brand, fees, config, payments, chargeKinds }) => {
    const bank = new BankClient(config.BANK_URL, config.BANK_API_KEY);
    // What queuing a notice needs; it is written in the account's language (ADR 0055).
    const receipts = { queue, brand, publicUrl: config.PUBLIC_URL, defaultLocale: config.DEFAULT_LANGUAGE };
    // The cards on file are orders' (ADR 0045): orders register where they keep them as they start.
    const cards = new CardsOnFile();
    // So are the billing addresses; the lines' numbers and plans are lines'. Both register them.
    const subjects = new BillSubjects();
    const bankCredits = new BankCredits({ database, clock, bank, ...receipts });
    const billPayments = new BillPayments({
      ...receipts,
      database,
      clock,
      payments,
      bank,
      bankCredits,
      cards,
      bankWebhookSecret: config.BANK_WEBHOOK_SECRET,
      operator: { name: brand.name, uen: config.OPERATOR_UEN },
    });
    const billRun = new BillRun({ database, clock, gstPercent: fees.gstPercent });
    // Bills' own card payments; the modules below add theirs as they start.
    const cardPaymentOwners = new CardPaymentOwners();
    cardPaymentOwners.add({
      accountsFor: (ids) => billPaymentsRepository.accountedAttempts(database.db, ids),
    });
    return {
      cardPaymentOwners,
      cardsOnFile: cards,
      billSubjects: subjects,
      billing: new BillingService({
        database,
        clock,
        queue,
        brand,
        publicUrl: config.PUBLIC_URL,
        operator: { uen: config.OPERATOR_UEN, address: config.OPERATOR_ADDRESS },
        billsShown: config.BILLS_SHOWN,
        defaultLocale: config.DEFAULT_LANGUAGE,
        cardPaymentOwners,
        cards,
        subjects,
      }),
      billRun,
      billPayments,
      bankCredits,
      deductions: new Deductions({
        database,
        clock,
        queue,
        brand,
        publicUrl: config.PUBLIC_URL,
        payments: billPayments,
        bankCredits,
        cards,
        overdueNoticeCents: config.OVERDUE_NOTICE_FEE_CENTS,
        defaultLocale: config.DEFAULT_LANGUAGE,
      }),
      staffBilling: new StaffBilling({
        ...receipts,
        database,
        clock,
        cardPaymentOwners,
        billRun,
        cards,
        subjects,
      }),
      unmatchedCredits: new UnmatchedCredits({ database, clock, bank, bankCredits, payments }),
      gatewayCharges: new GatewayCharges({ database, clock, payments, owners: cardPaymentOwners }),
      savedCard: new SavedCard({ ...receipts, database, clock, payments, cards }),
      charges: new ChargesLedger({ database, kinds: chargeKinds }),
      cardCharges: new CardCharges({ database, payments, cards }),
    };
  },
  metrics: (_services, { database, clock }) => billingMetrics(database, clock),
  workers: (queue, { billing, billRun, billPayments, bankCredits, gatewayCharges, deductions }) =>
    registerBillingWorkers(queue, {
      billing,
      billRun,
      billPayments,
      bankCredits,
      gatewayCharges,
      deductions,
    }),
  routes: async (
    app,
    { sessions, billing, billPayments, staffAuth, staffBilling, unmatchedCredits, savedCard },
  ) => {
    await app.register(billingRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      billing,
      payments: billPayments,
      card: savedCard,
    });
    await app.register(bankWebhookRoutes, { prefix: '/api/v1', payments: billPayments });
    await app.register(staffBillingRoutes, {
      prefix: '/api/v1/staff',
      staffAuth,
      staffBilling,
      unmatched: unmatchedCredits,
    });
  },
});

import { chooseLocale, type Locale, Messages, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@selfcare/domain';
import { type CisCompany, OrderMessages } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { clientOf, Limits, type Throttle } from '../../security/throttle.ts';
import { generateOtp, hashOtp, sameHash } from '../../security/tokens.ts';
import type { AccountService } from '../auth/index.ts';
import { cisCompanyRecords } from '../catalog/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { cisRepository as repo } from './cis.repository.ts';

export interface CisDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  throttle: Throttle;
  otpSecret: string;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
  /** Eligibility is kept on the customer, whose cached sessions must see it at once. */
  grants: Pick<AccountService, 'grantCis'>;
}

const notEligible = () =>
  new AppError(422, OrderMessages.notEligibleCis, { fields: { email: OrderMessages.notEligibleCis } });
const incorrect = () => new AppError(422, Messages.invalidOtp, { fields: { otp: Messages.invalidOtp } });
const hashFor = (secret: string, email: string, code: string) => hashOtp(secret, `cis:${email}`, code);

/**
 * Corporate individual scheme (CIS) eligibility: by a code sent to a company email address whose
 * domain belongs to a scheme company, or by the employer MyInfo reports. Passing unlocks that
 * company's CIS plans for the customer.
 */
export class CisService {
  constructor(private readonly deps: CisDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The active scheme company owning the email's domain, if any. */
  async companyForEmail(email: string): Promise<CisCompany | null> {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    return (await cisCompanyRecords.byDomain(this.db, domain)) ?? null;
  }

  /** checkCIS by company email: sends a code when the domain is a scheme company's; refuses otherwise. */
  async sendCode(me: CurrentUser, email: string, ip: string): Promise<string> {
    const { throttle, clock, queue } = this.deps;
    await throttle.check(`cis-resend:${me.id}`, Limits.otpResend);
    const company = await this.companyForEmail(email);
    if (!company) throw notEligible();
    // The check above answers early; this takes the resend's place together with the sends' atomically.
    await throttle.reserve([
      [`cis-resend:${me.id}`, Limits.otpResend],
      [`cis-send:${me.id}`, Limits.otpSendPerNumber],
      [`cis-send-ip:${clientOf(ip)}`, Limits.otpSendPerIp],
    ]);
    const code = generateOtp(6);
    const now = clock.now();
    await this.deps.database.transaction(async (tx) => {
      // Only the newest code works.
      await repo.expireOpenChecks(tx.db, me.id, now);
      await repo.insertCheck(tx.db, {
        userId: me.id,
        email,
        companyCode: company.code,
        codeHash: hashFor(this.deps.otpSecret, email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      });
      await queue.send(
        sendEmailJob,
        {
          to: email,
          content: {
            template: 'cis-otp',
            name: me.firstName,
            company: company.name,
            code,
            minutes: OTP_TTL_SECONDS / 60,
          },
          // To the company address, in the language of the customer who asked (ADR 0055).
          locale: chooseLocale({ chosen: me.language, configured: this.deps.defaultLocale }),
        },
        tx,
      );
    });
    return OrderMessages.cisCodeSent;
  }

  /** CIS checkOTP: a right code for the newest check makes the customer eligible. */
  async verifyCode(me: CurrentUser, email: string, code: string): Promise<CisCompany> {
    const now = this.deps.clock.now();
    await this.deps.throttle.reserve([[`cis-verify:${me.id}`, Limits.codeChecksPerAccount]]);
    const check = await repo.latestOpenCheck(this.db, me.id, email);
    if (!check || check.expiresAt <= now) throw incorrect();
    // An attempt is taken before the code is compared, in the statement that checks the count, so
    // concurrent guesses cannot all pass a count read before any of them added to it.
    const taken = await repo.takeAttempt(this.db, check.id, OTP_MAX_ATTEMPTS);
    if (!taken || !sameHash(check.codeHash, hashFor(this.deps.otpSecret, email, code))) {
      throw incorrect();
    }
    return this.deps.database.transaction(async (tx) => {
      if (!(await repo.markVerified(tx.db, check.id, now))) throw incorrect();
      return this.grant(tx, me.id, check.companyCode, now);
    });
  }

  /** By MyInfo: the employer MyInfo reports, matched to a scheme company's registered names. */
  async byEmployer(tx: Tx, userId: string, employer: string | null | undefined): Promise<CisCompany | null> {
    const name = employer?.trim().toUpperCase();
    if (!name) return null;
    const row = await cisCompanyRecords.byEmployer(tx.db, name);
    return row ? this.grant(tx, userId, row.code, this.deps.clock.now()) : null;
  }

  private async grant(tx: Tx, userId: string, companyCode: string, now: Date): Promise<CisCompany> {
    await this.deps.grants.grantCis(tx, userId, companyCode, now);
    return (await cisCompanyRecords.byCode(tx.db, companyCode)) as CisCompany;
  }
}

import { Messages, mayUseRoute } from '@selfcare/domain';
import { CIS_MYINFO_REF, type CisCompany, OrderMessages } from '@selfcare/domain/order';
import { AppError } from '../../errors.ts';
import { toPrefill } from '../../integrations/myinfo.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { orderRecords } from '../orders/index.ts';
import { claimState, type MyinfoDeps, readPerson, startRoundTrip } from './myinfo.service.ts';

/** The CIS eligibility check is for a customer who may open /profile/checkCIS: an active main line. */
function requireCheckingCis(me: CurrentUser) {
  if (!mayUseRoute({ ...me, isVerify: me.emailVerifiedAt !== null }, 'checkCIS'))
    throw new AppError(403, Messages.forbidden);
}

/**
 * CIS eligibility by the employer MyInfo reports, for a customer who already has a line
 * (/profile/checkCIS): the authorise URL with a state bound to the customer and their browser, then
 * the employer of the person Singpass signed in, who must be the customer (their NRIC/FIN), matched
 * to a scheme company's registered names. Passing unlocks the company's plans
 * for a plan change, as the company email check does; the order draft is left alone.
 */
export class CisByMyinfo {
  constructor(private readonly deps: MyinfoDeps) {}

  async authoriseUrl(me: CurrentUser, browser: string): Promise<{ url: string }> {
    requireCheckingCis(me);
    return { url: await startRoundTrip(this.deps, me.id, CIS_MYINFO_REF, browser) };
  }

  /** The scheme company of the employer MyInfo reports; 'Not eligible for CIS' when there is none. */
  async check(
    me: CurrentUser,
    input: { code: string; state: string },
    browser: string | undefined,
  ): Promise<CisCompany> {
    requireCheckingCis(me);
    const { client, clock, database, cis } = this.deps;
    // Good once, for the customer who asked, in the browser that asked, for this check only.
    await claimState(this.deps, input.state, me.id, browser, [CIS_MYINFO_REF]);
    // MyInfo failing is told in this page's words: nothing here is filled in by hand.
    const person = await readPerson(client, input.code, OrderMessages.myinfoCisUnavailable);
    // The employer of the customer, not of whoever signed in to Singpass: a friend's login would
    // otherwise unlock their company's plans.
    const own = await orderRecords.idNumberOf(database.db, me.id);
    if (!own || person.uinfin?.value?.toUpperCase() !== own)
      throw new AppError(422, OrderMessages.myinfoNotYou);
    const { employer } = toPrefill(person, clock.now()).account;
    const company = await database.transaction((tx) => cis.byEmployer(tx, me.id, employer));
    if (!company) throw new AppError(422, OrderMessages.notEligibleCis);
    return company;
  }
}

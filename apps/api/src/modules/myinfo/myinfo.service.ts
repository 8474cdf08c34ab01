import {
  type CisCompany,
  MYINFO_REFS,
  type MyinfoPrefill,
  type MyinfoRef,
  type MyinfoState,
  OrderMessages,
} from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  type MyinfoClient,
  type MyinfoPerson,
  MyinfoUnavailableError,
  toPrefill,
} from '../../integrations/myinfo.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { randomToken, sha256 } from '../../security/tokens.ts';
import type { CisService } from '../cis/index.ts';
import { draftRepository, requireOrdering } from '../orders/index.ts';
import { myinfoRepository } from './myinfo.repository.ts';

/** How long a customer has to sign in with Singpass and come back. */
const REQUEST_MINUTES = 10;

export interface MyinfoDeps {
  database: Database;
  clock: Clock;
  client: MyinfoClient;
  cis: CisService;
}

/**
 * 'Retrieve with Myinfo' in the order wizard: the authorise URL with a state bound to the customer,
 * then the person data, which fills step 3 in the draft and checks the employer for CIS.
 */
export class MyinfoService {
  constructor(private readonly deps: MyinfoDeps) {}

  async authoriseUrl(me: CurrentUser, ref: MyinfoRef, browser: string): Promise<{ url: string }> {
    requireOrdering(me);
    return { url: await startRoundTrip(this.deps, me.id, ref, browser) };
  }

  async personData(
    me: CurrentUser,
    input: { code: string; state: string },
    browser: string | undefined,
  ): Promise<{ prefill: MyinfoPrefill; cis: CisCompany | null }> {
    requireOrdering(me);
    const { client, clock, database } = this.deps;
    const now = clock.now();
    // The state is good once, for the customer who asked for it, in the browser that asked, while
    // it is fresh.
    await claimState(this.deps, input.state, me.id, browser, MYINFO_REFS);

    const prefill: MyinfoPrefill = toPrefill(await readPerson(client, input.code), now);
    const cis = await database.transaction(async (tx) => {
      const row = await draftRepository.find(tx.db, me.id);
      await draftRepository.save(tx.db, me.id, {
        data: { ...(row?.data ?? {}), myinfo: prefill },
        updatedAt: now,
      });
      return this.deps.cis.byEmployer(tx, me.id, prefill.account.employer);
    });
    return { prefill, cis };
  }
}

/** Where a Singpass login for online activation returns. */
export const KYC_REF = '/activeSimOnline';

/**
 * The national digital-identity login of /activeSimOnline (loginByKyc): the customer starts signed
 * out, so the state's nonce belongs to no one until it comes back, once, within 10 minutes.
 */
export class KycLogin {
  constructor(private readonly deps: Omit<MyinfoDeps, 'cis'>) {}

  async authoriseUrl(browser: string): Promise<{ url: string }> {
    return { url: await startRoundTrip(this.deps, null, KYC_REF, browser) };
  }

  /**
   * The NRIC/FIN of the person Singpass signed in; the state must be one we issued for this, to the
   * browser that brings it back.
   */
  async identity(input: { code: string; state: string }, browser: string | undefined): Promise<string> {
    const { client } = this.deps;
    await claimState(this.deps, input.state, null, browser, [KYC_REF]);
    const uinfin = (await readPerson(client, input.code)).uinfin?.value;
    if (!uinfin) throw new AppError(502, OrderMessages.myinfoUnavailable);
    return uinfin.toUpperCase();
  }
}

/**
 * The person MyInfo authorised with `code`; MyInfo failing is told as `unavailable` ('cannot be
 * retrieved', in the words of the page that asked).
 */
export async function readPerson(
  client: MyinfoClient,
  code: string,
  unavailable: string = OrderMessages.myinfoUnavailable,
): Promise<MyinfoPerson> {
  try {
    return await client.person(code);
  } catch (err) {
    if (err instanceof MyinfoUnavailableError) throw new AppError(502, unavailable);
    throw err;
  }
}

/**
 * Starts a Singpass round trip: a random nonce, kept hashed for `userId` (null: someone signed out),
 * `ref` and the browser's round-trip cookie (`browser`), goes out in the state. Answers the
 * authorise URL.
 */
export async function startRoundTrip(
  deps: Pick<MyinfoDeps, 'client' | 'clock' | 'database'>,
  userId: string | null,
  ref: string,
  browser: string,
): Promise<string> {
  const { client, clock, database } = deps;
  if (!(await client.reachable())) throw new AppError(503, OrderMessages.singpassUnavailable);
  const nonce = randomToken();
  const now = clock.now();
  await myinfoRepository.insertRequest(database.db, {
    userId,
    nonceHash: sha256(nonce),
    ref,
    browserHash: sha256(browser),
    createdAt: now,
    expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
  });
  return client.authoriseUrl(JSON.stringify({ ref, nonce }));
}

/**
 * Takes a returning state, once: its nonce must be one we issued for `userId`, to this browser
 * (`browser`, its round-trip cookie), unused and fresh, and its `ref` the one we issued it with, one
 * of `refs`. Anything else is refused with 'start again'.
 */
export async function claimState(
  deps: Pick<MyinfoDeps, 'clock' | 'database'>,
  state: string,
  userId: string | null,
  browser: string | undefined,
  refs: readonly string[],
): Promise<void> {
  const parsed = parseState(state);
  const now = deps.clock.now();
  const claimed =
    parsed && browser && refs.includes(parsed.ref)
      ? await myinfoRepository.claimRequest(
          deps.database.db,
          { nonceHash: sha256(parsed.nonce), userId, ref: parsed.ref, browserHash: sha256(browser) },
          now,
        )
      : false;
  if (!claimed) throw new AppError(400, OrderMessages.myinfoRetryFromStart);
}

function parseState(state: string): { ref: string; nonce: string } | null {
  try {
    const parsed = JSON.parse(state) as Partial<MyinfoState> | null;
    return typeof parsed?.ref === 'string' && typeof parsed.nonce === 'string' && parsed.nonce.length >= 20
      ? { ref: parsed.ref, nonce: parsed.nonce }
      : null;
  } catch {
    return null;
  }
}

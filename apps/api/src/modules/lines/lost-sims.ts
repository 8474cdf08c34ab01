import { Messages, TypeSim } from '@selfcare/domain';
import type { LostSimView, SimReplacement } from '@selfcare/domain/contracts/line-services';
import { maskIccid } from '@selfcare/domain/fulfilment';
import {
  initialReplacementState,
  isOpenReplacement,
  lostSimRefusal,
  LostSimMessages as M,
  replacementAddress,
  replacementFeeCents,
} from '@selfcare/domain/line-services';
import type { Fees } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import { type EsimService, qrSvg } from './esim.service.ts';
import { alertLines, type LineAlertDeps } from './line-alerts.ts';
import { disableEsimJob, sendLostSimJob, swapReplacementSimJob } from './lines.jobs.ts';
import { linesRepository as lines } from './lines.repository.ts';
import {
  type LostSimLineRow,
  type ReplacementRow,
  lostSimsRepository as repo,
} from './lost-sims.repository.ts';

export interface LostSimsDeps extends LineAlertDeps {
  database: Database;
  clock: Clock;
  mvne: Pick<MvneClient, 'services'>;
  esim: Pick<EsimService, 'issue' | 'swap'>;
  /** The configured fees: a physical SIM's replacement costs SIM_REPLACEMENT_FEE_CENTS. */
  fees: Pick<Fees, 'simReplacementCents'>;
}

/** A unique violation: two reports of the same line at once (the open-replacement index). */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const iso = (d: Date | null) => d?.toISOString() ?? null;

async function replacementView(r: ReplacementRow, activationCode: string | null): Promise<SimReplacement> {
  const [, smdpAddress = '', matchingId = ''] = activationCode?.split('$') ?? [];
  return {
    id: r.id,
    state: r.state,
    typeSim: r.type_sim,
    feeCents: r.fee_cents,
    reportedAt: r.reported_at.toISOString(),
    blockedAt: iso(r.blocked_at),
    deliveryAddress: replacementAddress(r.delivery_address),
    deliveryMethod: r.delivery_method,
    deliveryDate: r.delivery_date,
    trackingCode: r.tracking_code,
    sentAt: iso(r.sent_at),
    deliveredAt: iso(r.delivered_at),
    completedAt: iso(r.completed_at),
    iccid: r.new_iccid ? maskIccid(r.new_iccid) : null,
    esim:
      activationCode && r.state !== 'cancelled'
        ? { activationCode, smdpAddress, matchingId, qrSvg: await qrSvg(activationCode) }
        : null,
  };
}

/**
 * /manage/lostSim (ADR 0029). The customer picks a line and confirms: its SIM is blocked at the MVNE
 * at once, by a durable job, and for good. A physical line's replacement is then sent, delivered and
 * activated by staff (fulfilment works the stock, the delivery and the swap); an eSIM line gets a new
 * profile, released and swapped onto by the same job. The MVNE down: the replacement stays pending
 * and completes when it is back, retried hourly after the job's own retries.
 */
export class LostSims {
  constructor(private readonly deps: LostSimsDeps) {}

  private feeFor(typeSim: number) {
    return replacementFeeCents(typeSim, this.deps.fees);
  }

  /** Where a physical line's new SIM goes, on one line; null for an eSIM, or an order with no address. */
  private addressOf(l: LostSimLineRow) {
    return l.type_sim === TypeSim.Physical ? replacementAddress(l.order_address) : null;
  }

  private refusal(l: LostSimLineRow) {
    return lostSimRefusal({
      state: l.state,
      replacementOpen: l.replacement !== null && isOpenReplacement(l.replacement.state),
      numberChangePending: l.number_change_pending,
      terminationOn: l.termination_on,
    });
  }

  async view(userId: string): Promise<LostSimView> {
    const rows = await repo.lines(this.deps.database.pool, userId);
    return {
      lines: await Promise.all(
        rows.map(async (l) => ({
          lineId: l.id,
          msisdn: l.msisdn,
          isMainLine: l.is_main_line,
          typeSim: l.type_sim,
          iccid: l.iccid ? maskIccid(l.iccid) : null,
          deliveryAddress: this.addressOf(l),
          refusal: this.refusal(l),
          feeCents: this.feeFor(l.type_sim),
          replacement: l.replacement ? await replacementView(l.replacement, l.esim_activation_code) : null,
        })),
      ),
    };
  }

  /**
   * Reports the line's SIM lost ('Your SIM is being blocked…'): in one transaction the replacement is
   * recorded with its fee and where it goes, an eSIM line's live profile is set aside for a new one,
   * and the job that blocks the SIM at the MVNE is queued. Refused, changing nothing: another
   * customer's line (404), and a line that may not take it now (the domain's `lostSimRefusal`).
   */
  async report(userId: string, lineId: string): Promise<LostSimView> {
    const { database, clock, queue } = this.deps;
    try {
      await database.transaction(async (tx) => {
        const line = await repo.lockLine(tx.client, lineId, userId);
        if (!line) throw new AppError(404, Messages.notFound);
        const refused = this.refusal(line);
        if (refused) throw new AppError(409, refused);
        const now = clock.now();
        let esimProfileId: string | null = null;
        if (line.type_sim === TypeSim.ESim) {
          const replaced = await lines.setAsideLiveProfiles(tx.db, line.id, now);
          for (const old of replaced) await queue.send(disableEsimJob, { profileId: old.id }, tx);
          const issued = await lines.profilesIssued(tx.db, line.id);
          const next = await lines.requestProfile(tx.db, { id: line.id, userId }, issued + 1, now);
          esimProfileId = next?.id ?? null;
        }
        const id = await repo.insert(tx.client, {
          line_id: line.id,
          user_id: userId,
          type_sim: line.type_sim,
          msisdn: line.msisdn,
          lost_iccid: line.iccid,
          state: initialReplacementState(line.type_sim),
          fee_cents: this.feeFor(line.type_sim),
          delivery_address: this.addressOf(line) ? line.order_address : null,
          esim_profile_id: esimProfileId,
          reported_at: now,
        });
        await queue.send(sendLostSimJob, { replacementId: id }, tx, { key: id });
        await alertLines(tx, this.deps, 'sim-blocked', now, [{ userId, key: id, msisdn: line.msisdn }]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, M.alreadyOpen);
      throw err;
    }
    return this.view(userId);
  }

  /**
   * Job: blocks the lost SIM at the MVNE if it is not yet, then for an eSIM line has the new profile
   * released (and emailed) and the line moved onto it. Each step is idempotent at the MVNE and
   * recorded here, so a retry picks up where the last try stopped.
   */
  async send(replacementId: string): Promise<void> {
    const r = await repo.get(this.deps.database.pool, replacementId);
    if (!r || !isOpenReplacement(r.state)) return;
    await this.block(replacementId);
    if (r.type_sim === TypeSim.ESim && r.state === 'activating' && r.esim_profile_id) {
      await this.deps.esim.issue(r.esim_profile_id);
      // A newer profile (a re-issue since) may have taken the line: it is on a working SIM either way.
      await this.deps.esim.swap(r.esim_profile_id);
      await this.deps.database.transaction((tx) => this.complete(tx, replacementId, this.deps.clock.now()));
    }
  }

  /**
   * Blocks the replacement's lost SIM at the MVNE, once: before a new SIM or profile is swapped in,
   * so the lost one never works again. A service the MVNE no longer runs has nothing left to block.
   */
  async block(replacementId: string): Promise<void> {
    const db = this.deps.database.pool;
    const r = await repo.get(db, replacementId);
    if (!r || r.blocked_at) return;
    const line = await repo.serviceOf(db, r.line_id);
    if (line?.mvne_service_id)
      try {
        await this.deps.mvne.services.blockSim(line.mvne_service_id, r.lost_iccid);
      } catch (err) {
        // Only a service the MVNE no longer has, or has ended, has nothing to block. Any other
        // refusal (one still being set up, say) leaves the block to be tried again, never recorded
        // as done: the customer is told nobody can use the SIM only once that is true.
        if (!(err instanceof MvneRejectedError)) throw err;
        const ended =
          err.status === 404 ||
          (err.status === 409 &&
            (await this.deps.mvne.services.service(line.mvne_service_id)).state === 'terminated');
        if (!ended) throw err;
      }
    await repo.markBlocked(db, replacementId, this.deps.clock.now());
  }

  /** The replacement, for the module that swaps a physical line's new SIM in. */
  replacement(replacementId: string): Promise<ReplacementRow | null> {
    return repo.get(this.deps.database.pool, replacementId);
  }

  /**
   * The MVNE has the line on its new SIM (the caller's transaction): the replacement completes and
   * the line takes the SIM, once. Answers the replacement, or null when it was not activating.
   */
  async complete(tx: Tx, replacementId: string, now: Date): Promise<ReplacementRow | null> {
    const r = await repo.lock(tx.client, replacementId);
    if (!r || !(await repo.complete(tx.client, r, now))) return null;
    return r;
  }

  /**
   * Hourly: a replacement the network has not caught up with ten minutes on is handed to its job
   * again (a no-op while that job is still retrying), so one whose retries ran out through a long
   * MVNE outage completes when the MVNE is back.
   */
  async retryStale(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - 10 * 60_000);
    const stale = await repo.stale(this.deps.database.pool, before);
    // A physical SIM being activated is swapped at the MVNE; the rest are sent there.
    const swapping = (r: (typeof stale)[number]) =>
      r.type_sim === TypeSim.Physical && r.state === 'activating';
    const of = (rs: typeof stale) => rs.map((r) => ({ data: { replacementId: r.id }, key: r.id }));
    await this.deps.queue.sendUnlessWaiting(swapReplacementSimJob, of(stale.filter(swapping)));
    await this.deps.queue.sendUnlessWaiting(sendLostSimJob, of(stale.filter((r) => !swapping(r))));
    return stale.length;
  }
}

import { chooseLocale, ESIM_FREE_INSTALLS, type Locale, Messages } from '@selfcare/domain';
import { FulfilmentMessages as M, OrderEventDetails } from '@selfcare/domain/fulfilment';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MvneClient } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';

import { sendEmailJob } from '../notifications/index.ts';
import { orderRecords } from '../orders/index.ts';
import { activateLineJob, disableEsimJob, issueEsimJob, swapEsimJob } from './lines.jobs.ts';
import { linesRepository as repo } from './lines.repository.ts';

/**
 * What the line services need: the database, the clock, the job queue, the MVNE, links home, and the
 * language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055).
 */
export interface MvneWorkDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  mvne: Pick<MvneClient, 'esim' | 'services' | 'numbers' | 'porting'>;
  publicUrl: string;
  defaultLocale: Locale;
}

/** The activation code as an SVG QR code, for the page (the email carries it as a PNG). */
export const qrSvg = (code: string) =>
  QRCode.toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });

/**
 * eSIM profiles: the MVNE releases one when an eSIM order is approved, and again when the customer
 * re-issues it (a new phone). Each issue is a row; at most 3 per line, one live at a time. Releasing
 * and disabling go through durable jobs keyed by our row's id, so a retry never issues twice.
 */
export class EsimService {
  constructor(private readonly deps: MvneWorkDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The line's first profile, in the caller's transaction; its activation follows its release. */
  async requestFirst(tx: Tx, line: { id: string; userId: string }, now: Date) {
    const row = await repo.requestFirstProfile(tx.db, line, now);
    if (row) await this.deps.queue.send(issueEsimJob, { profileId: row.id }, tx);
  }

  /** Job: the MVNE releases the profile; the line activates on it (first issue) and the customer gets it by email. */
  async issue(profileId: string) {
    const row = await repo.profile(this.db, profileId);
    if (!row || row.activationCode || row.disabledAt) return;
    const profile = await this.deps.mvne.esim.issueProfile(row.id);
    await this.deps.database.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const issued = await repo.markProfileIssued(tx.db, row.id, profile, now);
      if (!issued) return;
      const line = await repo.setLineIccid(tx.db, row.subscriptionId, profile.iccid, now);
      if (!line) return;
      await orderRecords.addEvent(
        tx.db,
        line.orderId,
        now,
        'esim-issued',
        OrderEventDetails.esimInstallation(line.msisdn, String(issued.issue), String(ESIM_FREE_INSTALLS)),
      );
      if (line.state === 'activating' && !line.mvneServiceId)
        await this.deps.queue.send(activateLineJob, { subscriptionId: line.id }, tx);
      // A re-issue for a line already in service: the MVNE moves the service onto the new profile.
      else if (line.mvneServiceId) await this.deps.queue.send(swapEsimJob, { profileId: row.id }, tx);
      const owner = await repo.owner(tx.db, row.userId);
      if (owner?.email)
        await this.deps.queue.send(
          sendEmailJob,
          {
            to: owner.email,
            // In the account holder's language (ADR 0055).
            locale: chooseLocale({ chosen: owner.language, configured: this.deps.defaultLocale }),
            content: {
              template: 'esim-profile',
              name: owner.firstName,
              msisdn: line.temporaryMsisdn ?? line.msisdn,
              activationCode: profile.activationCode,
              // A lost phone's new profile may be one past the free ones (ADR 0029).
              installsLeft: Math.max(0, ESIM_FREE_INSTALLS - issued.issue),
              link: new URL(`/manage/simManagement/${line.id}/detail`, this.deps.publicUrl).toString(),
            },
          },
          tx,
        );
    });
  }

  /** Job: the replaced profile stops working in the MVNE. */
  async disable(profileId: string) {
    const row = await repo.profile(this.db, profileId);
    if (!row?.mvneProfileId || row.state === 'disabled') return;
    await this.deps.mvne.esim.disableProfile(row.mvneProfileId);
    await repo.markProfileDisabled(this.db, row.id);
  }

  /**
   * Job: the MVNE moves the line's service onto this profile, unless a newer one replaced it
   * meanwhile. True when the service is on it now.
   */
  async swap(profileId: string): Promise<boolean> {
    const row = await repo.profile(this.db, profileId);
    if (!row?.iccid || row.disabledAt) return false;
    const line = await repo.line(this.db, row.subscriptionId);
    if (!line?.mvneServiceId || line.iccid !== row.iccid) return false;
    await this.deps.mvne.services.swapSim(line.mvneServiceId, row.iccid);
    return true;
  }

  /** The customer asks for a new profile (a new or reset phone): the live one is disabled, a new one released. */
  async reissue(userId: string, subscriptionId: string) {
    return this.deps.database.transaction(async (tx) => {
      const line = await repo.lockCustomerLine(tx.db, userId, subscriptionId);
      if (!line) throw new AppError(404, Messages.notFound);
      if (line.typeSim !== 1) throw new AppError(409, M.notEsim);
      if (line.state !== 'active') throw new AppError(409, M.lineNotActive);
      const issued = await repo.profilesIssued(tx.db, line.id);
      if (issued >= ESIM_FREE_INSTALLS) throw new AppError(409, M.esimLimit(ESIM_FREE_INSTALLS));
      const now = this.deps.clock.now();
      const replaced = await repo.setAsideLiveProfiles(tx.db, line.id, now);
      for (const old of replaced) await this.deps.queue.send(disableEsimJob, { profileId: old.id }, tx);
      const next = await repo.requestProfile(tx.db, { id: line.id, userId }, issued + 1, now);
      if (next) await this.deps.queue.send(issueEsimJob, { profileId: next.id }, tx);
      return { installsLeft: ESIM_FREE_INSTALLS - issued - 1 };
    });
  }

  /**
   * The line's live profile for its page: the code and QR, installations left, and the device that
   * holds it as the MVNE knows it now (null when no device has installed it, or the MVNE cannot say).
   */
  async current(subscriptionId: string) {
    const rows = await repo.profilesOf(this.db, subscriptionId);
    const live = rows.find((r) => !r.disabledAt);
    const installsLeft = Math.max(0, ESIM_FREE_INSTALLS - rows.length);
    if (!live?.activationCode || !live.mvneProfileId)
      return { installsLeft, pending: Boolean(live), profile: null };
    let state = live.state;
    let eid = live.deviceEid;
    try {
      const now = await this.deps.mvne.esim.profile(live.mvneProfileId);
      if (now.state !== state || now.eid !== eid) {
        state = now.state;
        eid = now.eid;
        await repo.recordProfileDevice(this.db, live.id, state, eid);
      }
    } catch {
      // The page shows what we last knew.
    }
    const [, smdpAddress = '', matchingId = ''] = live.activationCode.split('$');
    return {
      installsLeft,
      pending: false,
      profile: {
        issue: live.issue,
        activationCode: live.activationCode,
        smdpAddress,
        matchingId,
        qrSvg: await qrSvg(live.activationCode),
        state: state ?? 'released',
        deviceEid: eid,
        issuedAt: (live.issuedAt ?? live.requestedAt).toISOString(),
      },
    };
  }
}

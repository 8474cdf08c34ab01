import {
  bundleMonth,
  chooseLocale,
  formatMoney,
  type Locale,
  Messages,
  pathFor,
  toE164,
} from '@selfcare/domain';
import type { LineRoaming, RoamingView } from '@selfcare/domain/contracts/products';
import { ProductMessages, ROAMING_CAP, roamingCapState } from '@selfcare/domain/products';
import type { LineRoamingInput } from '@selfcare/domain/schemas/products';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { MvneClient } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import { Registered } from '../../module.ts';
import { sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import { roamingRepository as repo } from './line-roaming.repository.ts';
import { renderRoamingCapSms } from './product-emails.ts';
import { sendRoamingJob } from './products.jobs.ts';
import { productsRepository } from './products.repository.ts';

const SG_MS = 8 * 3600_000;
const monthKey = (at: Date) => new Date(bundleMonth(at).start.getTime() + SG_MS).toISOString().slice(0, 7);

/**
 * Roaming per line on /manage/roaming (ADR 0024): on or off, and a monthly spend cap on roaming
 * used outside any pack (beyond the spec: roaming bill shock is what customers complain about
 * most). The MVNE is told by a job and enforces both; the line gets an SMS, and the account holder
 * an email, at 80% and at the cap, once a month each.
 */
/**
 * What roaming a line has used outside any pack since a day: usage imports it from the MVNE and
 * registers this at start (usage uses products, so products does not read usage's tables).
 */
export interface RoamingSpend {
  spentSince(db: Db, lineIds: string[], from: Date): Promise<Map<string, number>>;
}

export class LineRoamingSettings {
  private readonly spend = new Registered<RoamingSpend>(
    'Roaming spend is read from usage, which registers it at start',
  );

  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      queue: Queue;
      mvne: Pick<MvneClient, 'services'>;
      brand: Brand;
      publicUrl: string;
      /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
      defaultLocale: Locale;
    },
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  measuredBy(spend: RoamingSpend) {
    this.spend.fill(spend);
  }

  private spentThisMonth(lineIds: string[], now: Date) {
    return this.spend.get().spentSince(this.db, lineIds, bundleMonth(now).start);
  }

  async view(userId: string): Promise<RoamingView> {
    const now = this.deps.clock.now();
    const lines = await productsRepository.accountLines(this.db, userId);
    const ids = lines.map((l) => l.id);
    const [settings, spent] = await Promise.all([repo.settings(this.db, ids), this.spentThisMonth(ids, now)]);
    return {
      lines: lines.map((l) => {
        const s = settings.get(l.id);
        const capCents = s?.capCents ?? null;
        const spentCents = spent.get(l.id) ?? 0;
        return {
          lineId: l.id,
          msisdn: l.msisdn,
          isMainLine: l.isMainLine,
          enabled: s?.enabled ?? true,
          capCents,
          spentCents,
          capState: roamingCapState(capCents, spentCents),
        };
      }),
      capMinCents: ROAMING_CAP.minCents,
      capMaxCents: ROAMING_CAP.maxCents,
    };
  }

  /** Saves a line's roaming and has the MVNE told, in one transaction. */
  async save(userId: string, lineId: string, input: LineRoamingInput): Promise<LineRoaming> {
    const line = (await productsRepository.accountLines(this.db, userId)).find((l) => l.id === lineId);
    if (!line) throw new AppError(404, Messages.notFound);
    if (line.state !== 'active') throw new AppError(409, ProductMessages.lineNotActive);
    const now = this.deps.clock.now();
    await this.deps.database.transaction(async (tx) => {
      await repo.save(tx.db, lineId, input, now);
      await this.deps.queue.send(sendRoamingJob, { lineId }, tx);
    });
    return (await this.view(userId)).lines.find((l) => l.lineId === lineId) as LineRoaming;
  }

  /** Job: tells the MVNE the line's roaming as saved now (a later change sends its own job). */
  async send(lineId: string) {
    const line = await repo.forMvne(this.db, lineId);
    if (!line?.mvneServiceId) return;
    await this.deps.mvne.services.setRoaming(line.mvneServiceId, {
      enabled: line.enabled,
      capCents: line.capCents,
    });
  }

  /**
   * Job: an SMS to each capped line that passed 80% or its cap this month, and an email to its
   * account holder, once each (the alert's row is written with both in one transaction).
   */
  async checkCaps(): Promise<number> {
    const now = this.deps.clock.now();
    const capped = await repo.capped(this.db);
    if (!capped.length) return 0;
    const spent = await this.spentThisMonth(
      capped.map((l) => l.lineId),
      now,
    );
    let sent = 0;
    for (const line of capped) {
      const state = roamingCapState(line.capCents, spent.get(line.lineId) ?? 0);
      const threshold = state === 'reached' ? 100 : state === 'warned' ? ROAMING_CAP.warnPercent : null;
      if (threshold === null) continue;
      await this.deps.database.transaction(async (tx) => {
        if (!(await repo.recordAlert(tx.db, line.lineId, monthKey(now), threshold, now))) return;
        const alert = { msisdn: line.msisdn, cap: formatMoney(line.capCents), percent: threshold };
        // The account's language (ADR 0055), for the line's SMS as for the account holder's email.
        const locale = chooseLocale({ chosen: line.language, configured: this.deps.defaultLocale });
        const text = renderRoamingCapSms(this.deps.brand, alert, locale);
        await this.deps.queue.send(sendSmsJob, { to: toE164(line.msisdn), text }, tx);
        if (line.email)
          await this.deps.queue.send(
            sendEmailJob,
            {
              to: line.email,
              content: {
                template: 'roaming-cap',
                name: line.firstName,
                ...alert,
                link: new URL(pathFor('roaming'), this.deps.publicUrl).toString(),
              },
              locale,
            },
            tx,
          );
        sent++;
      });
    }
    return sent;
  }
}

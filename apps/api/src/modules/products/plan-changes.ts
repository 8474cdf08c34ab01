import { formatMoney, formatSgDay, type Locale, Messages } from '@selfcare/domain';
import { planChangeDate, sgDate } from '@selfcare/domain/calendar';
import type { PlanChange, PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import {
  confirmedPriceHolds,
  endedByPlanChange,
  ProductMessages,
  planChangeStartsAt,
} from '@selfcare/domain/products';
import type { PlanChangeInput } from '@selfcare/domain/schemas/products';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import { queueNotice } from '../auth/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { type PlanChangeRow, planChangesRepository as repo } from './plan-changes.repository.ts';
import { lineChangeForEarlierWorkers } from './product-emails.ts';
import { provisionProductJob } from './products.jobs.ts';
import { productsRepository } from './products.repository.ts';

/**
 * /manage/planChange (ADR 0024): a line moves to another plan on the next 7th, 15th or 21st (or the
 * working day after). One scheduled change per line, cancellable until it is applied; a job applies
 * the changes due at the MVNE, then on the line, and the bill charges each plan for its days.
 */
export class PlanChanges {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      queue: Queue;
      mvne: Pick<MvneClient, 'services'>;
      catalog: CatalogService;
      /** For the notice of a change: the brand's support contact and where the portal is. */
      brand: Brand;
      publicUrl: string;
      /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
      defaultLocale: Locale;
    },
  ) {}

  private get db() {
    return this.deps.database.db;
  }

  async view(user: { id: string; cisTypes: string[] }): Promise<PlanChangeView> {
    const [lines, offered, rows, all, recurring] = await Promise.all([
      productsRepository.accountLines(this.db, user.id),
      this.deps.catalog.plansFor(user.cisTypes),
      repo.ofAccount(this.db, user.id),
      repo.plans(this.db),
      repo.recurring(this.db, user.id, this.deps.clock.now()),
    ]);
    const byCode = new Map(all.map((p) => [p.code, p]));
    return {
      lines: lines.map((l) => ({
        id: l.id,
        msisdn: l.msisdn,
        isMainLine: l.isMainLine,
        planCode: l.planCode,
        planName: l.planName,
        monthlyCents: byCode.get(l.planCode)?.monthlyCents ?? 0,
        state: l.state,
        addons: recurring
          .filter((p) => p.lineIds.includes(l.id))
          .map((p) => ({ code: p.code, name: p.name, planCodes: p.planCodes })),
      })),
      plans: offered.map((p) => ({
        code: p.code,
        name: p.name,
        description: p.description,
        descriptions: p.descriptions,
        monthlyCents: p.monthlyCents,
        corporate: p.group === 'cis',
      })),
      changes: rows.filter((r) => r.state !== 'cancelled').map((r) => toView(r, byCode)),
      effectiveOn: planChangeDate(this.deps.clock.now()),
    };
  }

  async schedule(user: { id: string; cisTypes: string[] }, input: PlanChangeInput): Promise<PlanChange> {
    const now = this.deps.clock.now();
    const line = (await productsRepository.accountLines(this.db, user.id)).find((l) => l.id === input.lineId);
    if (!line) throw new AppError(404, Messages.notFound);
    if (line.state !== 'active') throw new AppError(409, ProductMessages.lineNotActive);
    const plan = (await this.deps.catalog.plansFor(user.cisTypes)).find((p) => p.code === input.planCode);
    if (!plan) throw AppError.field('planCode', ProductMessages.planNotOffered);
    if (!confirmedPriceHolds(input.priceCents, plan.monthlyCents))
      throw new AppError(409, ProductMessages.priceChanged(plan.monthlyCents), {
        priceCents: plan.monthlyCents,
      });
    if (plan.code === line.planCode) throw AppError.field('planCode', ProductMessages.samePlan);
    const planNames = new Map((await repo.plans(this.db)).map((p) => [p.code, p]));
    const made = await this.deps.database.transaction(async (tx) => {
      const row = await repo.insert(tx.db, {
        userId: user.id,
        lineId: line.id,
        fromPlan: line.planCode,
        toPlan: plan.code,
        effectiveOn: planChangeDate(now),
        state: 'scheduled',
        createdAt: now,
      });
      // Told in the transaction that schedules it: once, and only when it was scheduled.
      if (row)
        await queueNotice(tx, this.deps, user.id, `plan-change:${row.id}`, (locale) => {
          // Said by the email in the account's language, its day written in it (ADR 0055).
          const change = {
            kind: 'plan',
            from: planNames.get(line.planCode)?.name ?? line.planCode,
            to: plan.name,
            day: formatSgDay(row.effectiveOn, 'day', locale),
            price: formatMoney(plan.monthlyCents),
          } as const;
          return {
            template: 'line-change',
            msisdn: line.msisdn,
            change,
            ...lineChangeForEarlierWorkers(line.msisdn, change, formatSgDay(row.effectiveOn)),
            link: new URL('/manage/planChange', this.deps.publicUrl).toString(),
          };
        });
      return row;
    });
    if (!made) throw new AppError(409, ProductMessages.planPending);
    return toView(made, planNames);
  }

  async cancel(userId: string, id: string): Promise<PlanChange> {
    const row = await this.deps.database.transaction(async (tx) => {
      const found = await repo.lock(tx.db, id);
      if (!found || found.userId !== userId) throw new AppError(404, Messages.notFound);
      if (found.state === 'cancelled') return found;
      // From its day on the job may be applying it: it can no longer be cancelled.
      if (found.state !== 'scheduled' || found.effectiveOn <= sgDate(this.deps.clock.now()))
        throw new AppError(409, ProductMessages.planChangeApplied);
      return (await repo.update(tx.db, id, {
        state: 'cancelled',
        cancelledAt: this.deps.clock.now(),
      })) as PlanChangeRow;
    });
    return toView(row, new Map((await repo.plans(this.db)).map((p) => [p.code, p])));
  }

  /**
   * Job: applies the changes due today (Singapore) or earlier, which can no longer be cancelled: the
   * MVNE moves the service (the same plan again changes nothing there, so a retry is safe), then the
   * line takes the new plan. How many were applied.
   */
  async applyDue(): Promise<number> {
    let applied = 0;
    for (const { change, serviceId } of await repo.due(this.db, sgDate(this.deps.clock.now()))) {
      try {
        if (serviceId) await this.deps.mvne.services.changePlan(serviceId, change.toPlan);
      } catch (err) {
        // Refused as it stands (the plan no longer offered there): it fails, and never blocks the
        // changes after it. The MVNE down: the next run tries it again.
        if (!(err instanceof MvneRejectedError)) continue;
        await repo.update(this.db, change.id, { state: 'failed' });
        continue;
      }
      const done = await this.deps.database.transaction(async (tx) => {
        const locked = await repo.lock(tx.db, change.id);
        if (locked?.state !== 'scheduled') return false;
        const now = this.deps.clock.now();
        await repo.setLinePlan(tx.db, change.lineId, change.toPlan, now);
        await this.endNotTaken(tx, change, now);
        await repo.update(tx.db, change.id, { state: 'applied', appliedAt: now });
        return true;
      });
      if (done) applied++;
    }
    return applied;
  }

  /**
   * The recurring products the new plan does not take stop serving the line as the change's day
   * starts, so the bill charges them to the day before, as it does the old plan: one bought for the
   * line ends (for every line it serves), a shared one bought for another line leaves this one. The
   * provisioning job tells the MVNE; a removal it was told of already keeps the day it was told.
   */
  private async endNotTaken(tx: Tx, change: PlanChangeRow, now: Date) {
    const endsAt = planChangeStartsAt(change.effectiveOn);
    const serving = await repo.recurring(tx.db, change.userId, endsAt, change.lineId);
    for (const p of endedByPlanChange(serving, change.toPlan)) {
      if (p.lineId === change.lineId)
        await productsRepository.update(tx.db, p.id, { state: 'ending', endsAt, updatedAt: now });
      else
        await productsRepository.update(tx.db, p.id, {
          lineIds: p.lineIds.filter((l) => l !== change.lineId),
          linesSentAt: null,
          changedAt: now,
          updatedAt: now,
        });
      if (!p.removalSentAt) await this.deps.queue.send(provisionProductJob, { id: p.id }, tx);
    }
  }
}

function toView(r: PlanChangeRow, plans: Map<string, { name: string; monthlyCents: number }>): PlanChange {
  const from = plans.get(r.fromPlan);
  const to = plans.get(r.toPlan);
  return {
    id: r.id,
    lineId: r.lineId,
    fromPlan: r.fromPlan,
    fromName: from?.name ?? r.fromPlan,
    toPlan: r.toPlan,
    toName: to?.name ?? r.toPlan,
    effectiveOn: r.effectiveOn,
    state: r.state,
    differenceCents: (to?.monthlyCents ?? 0) - (from?.monthlyCents ?? 0),
  };
}

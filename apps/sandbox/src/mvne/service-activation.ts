import { randomUUID } from 'node:crypto';
import { EsimProfiles } from './esim-profiles.ts';
import { MvneConflict, MvneNotFound, type Subscription } from './records.ts';
import { MVNE_PLANS } from './usage/plans.ts';
import { type Allowances, allowancesOf } from './usage/rating.ts';

/** Mobile services on SIMs (TMF640): activation, suspension and termination, and SIM swaps. */
export class ServiceActivation extends EsimProfiles {
  /**
   * Starts activating a line; it completes `delayMs` later. The same externalId again returns the
   * first subscription (`created: false`). A SIM already carrying another live subscription is refused.
   */
  activate(
    input: Pick<
      Subscription,
      'externalId' | 'msisdn' | 'simType' | 'iccid' | 'imsi' | 'portInMsisdn' | 'planCode'
    >,
    delayMs: number,
  ): { subscription: Subscription; created: boolean } {
    const existing = this.subscriptionByExternalId(input.externalId);
    if (existing) return { subscription: this.settle(existing), created: false };
    if (input.portInMsisdn) {
      // A port-in line works on a number lent from the pool until its own number comes over.
      this.expire();
      const free = [...this.numbers.values()].find((n) => n.state === 'available');
      if (!free) throw new MvneConflict('no temporary number is free');
      input = { ...input, msisdn: free.msisdn };
    }
    if (input.iccid && this.blockedIccids.has(input.iccid))
      throw new MvneConflict(`SIM ${input.iccid} is blocked`);
    const clash = [...this.subscriptions.values()].find(
      (x) =>
        x.state !== 'terminated' &&
        ((input.iccid && x.iccid === input.iccid) ||
          (input.imsi && x.imsi === input.imsi) ||
          x.msisdn === input.msisdn),
    );
    if (clash) throw new MvneConflict(`SIM or number already in service (${clash.id})`);
    const now = Date.now();
    const subscription: Subscription = {
      ...input,
      id: randomUUID(),
      state: 'inProgress',
      requestedAt: new Date(now).toISOString(),
      completesAt: new Date(now + delayMs).toISOString(),
      activatedAt: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    if (input.portInMsisdn)
      this.numbers.set(input.msisdn, { msisdn: input.msisdn, state: 'assigned', orderId: subscription.id });
    this.save();
    return { subscription, created: true };
  }

  subscription(id: string): Subscription {
    const x = this.subscriptions.get(id);
    if (!x) throw new MvneNotFound(`subscription ${id} not found`);
    return this.settle(x);
  }

  subscriptionByExternalId(externalId: string): Subscription | undefined {
    const x = [...this.subscriptions.values()].find((s) => s.externalId === externalId);
    return x ? this.settle(x) : undefined;
  }

  /** Completes an activation whose time has come; true when this call completed it. */
  complete(id: string): boolean {
    const x = this.subscriptions.get(id);
    if (x?.state !== 'inProgress') return false;
    x.state = 'active';
    x.activatedAt = new Date().toISOString();
    this.save();
    return true;
  }

  setSubscriptionState(id: string, state: 'active' | 'suspended' | 'terminated'): Subscription {
    const x = this.subscription(id);
    if (x.state === 'inProgress' || x.state === 'terminated')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    x.state = state;
    // A line that ends gives its number back: it can be reserved and activated for someone else.
    if (state === 'terminated' && this.numbers.has(x.msisdn))
      this.numbers.set(x.msisdn, { msisdn: x.msisdn, state: 'available' });
    this.save();
    return x;
  }

  /**
   * Sets a line's usage options: data rollover (applied at the next reset on the 1st), stopping
   * local data at the limit (applied from the next session), the roaming spend cap in cents (null
   * removes it; applied from the next session, against this month's roaming so far), roaming on or
   * off, and the barring of outgoing and of incoming international calls and SMS (applied from the
   * next hour of traffic; the caller rates the traffic up to now first). Setting what is already set
   * changes nothing.
   */
  setUsageOptions(
    id: string,
    options: {
      rollover?: boolean;
      stopDataAtLimit?: boolean;
      roamingSpendCapCents?: number | null;
      roamingEnabled?: boolean;
      barOutgoingInternational?: boolean;
      barIncomingInternational?: boolean;
    },
  ): Subscription {
    const x = this.subscription(id);
    if (x.state === 'terminated') throw new MvneConflict(`subscription ${id} is terminated`);
    const rollover = options.rollover ?? x.rollover ?? false;
    const stopDataAtLimit = options.stopDataAtLimit ?? x.stopDataAtLimit ?? false;
    const cap =
      options.roamingSpendCapCents === undefined
        ? (x.roamingSpendCapCents ?? null)
        : options.roamingSpendCapCents;
    const roamingEnabled = options.roamingEnabled ?? x.roamingEnabled ?? true;
    const barOut = options.barOutgoingInternational ?? x.barOutgoingInternational ?? false;
    const barIn = options.barIncomingInternational ?? x.barIncomingInternational ?? false;
    if (
      rollover === (x.rollover ?? false) &&
      stopDataAtLimit === (x.stopDataAtLimit ?? false) &&
      cap === (x.roamingSpendCapCents ?? null) &&
      roamingEnabled === (x.roamingEnabled ?? true) &&
      barOut === (x.barOutgoingInternational ?? false) &&
      barIn === (x.barIncomingInternational ?? false)
    )
      return x;
    x.roamingEnabled = roamingEnabled;
    x.barOutgoingInternational = barOut;
    x.barIncomingInternational = barIn;
    x.rollover = rollover;
    x.stopDataAtLimit = stopDataAtLimit;
    x.roamingSpendCapCents = cap;
    this.save();
    return x;
  }

  /**
   * Moves a live service onto another plan the MVNE knows: its use so far this month counts against
   * the new plan's allowances (the caller rates the traffic up to now first). The same plan again
   * changes nothing.
   */
  changePlan(id: string, planCode: string): Subscription {
    const x = this.subscription(id);
    if (x.state !== 'active' && x.state !== 'suspended')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    const to = MVNE_PLANS[planCode];
    if (!to) throw new RangeError(`plan ${planCode} is not offered`);
    if (x.planCode === planCode) return x;
    const from = x.planCode ? MVNE_PLANS[x.planCode] : undefined;
    if (from) this.replanUsage(id, allowancesOf(from), allowancesOf(to));
    x.planCode = planCode;
    this.save();
    return x;
  }

  /** How a plan change reaches the line's balances: the usage network's part, set by the store. */
  protected replanUsage(_id: string, _from: Allowances, _to: Allowances): void {}

  /**
   * Moves a live service onto another SIM (a SIM swap): an eSIM service onto a released or installed
   * profile, a physical one onto a SIM with its IMSI. The SIM may carry no other live service.
   * Swapping onto the SIM the service already has changes nothing.
   */
  swapSim(id: string, sim: { iccid: string; imsi: string | null }): Subscription {
    const x = this.subscription(id);
    if (x.state === 'inProgress' || x.state === 'terminated')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    if (this.blockedIccids.has(sim.iccid)) throw new MvneConflict(`SIM ${sim.iccid} is blocked`);
    if (x.iccid === sim.iccid) return x;
    if (x.simType === 'eSIM') {
      const profile = [...this.profiles.values()].find((p) => p.iccid === sim.iccid);
      if (!profile || profile.state === 'disabled')
        throw new MvneConflict(`no usable eSIM profile has ICCID ${sim.iccid}`);
    } else if (!sim.imsi) throw new RangeError('a physical SIM needs its IMSI');
    const clash = [...this.subscriptions.values()].find(
      (other) => other.id !== id && other.state !== 'terminated' && other.iccid === sim.iccid,
    );
    if (clash) throw new MvneConflict(`SIM already in service (${clash.id})`);
    x.iccid = sim.iccid;
    if (x.simType === 'physical') x.imsi = sim.imsi;
    // On a SIM that works again: a block was the lost SIM's, not the line's.
    x.simBlocked = false;
    this.save();
    return x;
  }

  /**
   * Blocks a SIM reported lost, for good: it is never activated or swapped onto again, and an eSIM
   * profile of it is disabled. `iccid` names the SIM the caller believes the service is on (null:
   * whichever it is on now). While the service is on that SIM it makes and takes nothing, until it
   * is swapped onto another; a service already moved off it is left alone, so a late retry never
   * blocks the SIM that replaced it. Blocking again changes nothing.
   */
  blockSim(id: string, iccid: string | null): Subscription {
    const x = this.subscription(id);
    if (x.state === 'inProgress' || x.state === 'terminated')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    const onIt = !iccid || x.iccid === null || x.iccid === iccid;
    const blocked = [iccid, onIt ? x.iccid : null].filter((c): c is string => Boolean(c));
    for (const c of blocked) this.blockedIccids.add(c);
    for (const p of this.profiles.values()) if (blocked.includes(p.iccid)) p.state = 'disabled';
    if (onIt) x.simBlocked = true;
    this.save();
    return x;
  }

  /** Whether a SIM was reported lost and blocked. */
  isBlocked(iccid: string): boolean {
    return this.blockedIccids.has(iccid);
  }

  /**
   * Moves a live (or suspended) service onto another number (a number change): one the caller's reservation holds
   * or, if that hold ran out, one still free. The old number goes back to the pool, and a port-in the
   * service was waiting for is given up. The same number again changes nothing.
   */
  changeNumber(id: string, msisdn: string, reservationId: string | null): Subscription {
    this.expire();
    const x = this.subscription(id);
    if (x.state !== 'active' && x.state !== 'suspended')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    if (x.msisdn === msisdn) return x;
    const n = this.numbers.get(msisdn);
    if (!n) throw new MvneNotFound(`number ${msisdn} is not in the pool`);
    const reservation = reservationId ? this.reservations.get(reservationId) : undefined;
    if (reservationId && !reservation) throw new MvneNotFound(`reservation ${reservationId} not found`);
    const held =
      n.state === 'reserved' && reservation?.state === 'completed' && n.reservationId === reservation.id;
    if (!held && n.state !== 'available') throw new MvneConflict(`number ${msisdn} is not available`);
    if (reservation?.state === 'completed') {
      this.release(reservation);
      reservation.state = 'consumed';
    }
    const old = x.msisdn;
    this.numbers.set(msisdn, { msisdn, state: 'assigned', orderId: x.id });
    if (this.numbers.has(old)) this.numbers.set(old, { msisdn: old, state: 'available' });
    x.msisdn = msisdn;
    x.portInMsisdn = null;
    this.save();
    return x;
  }

  protected settle(x: Subscription): Subscription {
    if (x.state === 'inProgress' && Date.parse(x.completesAt) <= Date.now()) this.complete(x.id);
    return x;
  }
}

import { randomInt, randomUUID } from 'node:crypto';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { ProductOrders } from './product-orders.ts';
import { type EsimProfile, MvneConflict, MvneNotFound } from './records.ts';

/** eSIM profiles on the MVNE's SM-DP+, released for download, installed on a device, or disabled. */
export class EsimProfiles extends ProductOrders {
  /**
   * Releases an eSIM profile for download (once per externalId). Its ICCID is an eSIM range of our
   * issuer id with the Luhn digit; the matching id is what the device presents to the SM-DP+.
   */
  issueProfile(externalId: string, smdpAddress: string): { profile: EsimProfile; created: boolean } {
    const existing = [...this.profiles.values()].find((p) => p.externalId === externalId);
    if (existing) return { profile: existing, created: false };
    this.profileSerial += 1;
    const body = `89650126190${String(this.profileSerial).padStart(7, '0')}`;
    const profile: EsimProfile = {
      id: randomUUID(),
      externalId,
      iccid: withLuhnDigit(body),
      smdpAddress,
      matchingId: matchingId(),
      state: 'released',
      eid: null,
      createdAt: new Date().toISOString(),
    };
    this.profiles.set(profile.id, profile);
    this.save();
    return { profile, created: true };
  }

  profile(id: string): EsimProfile {
    const p = this.profiles.get(id);
    if (!p) throw new MvneNotFound(`eSIM profile ${id} not found`);
    return p;
  }

  /** A device (by its EID) downloads and installs a released profile. */
  installProfile(id: string, eid: string): EsimProfile {
    const p = this.profile(id);
    if (p.state === 'disabled') throw new MvneConflict(`eSIM profile ${id} is disabled`);
    if (p.state === 'installed' && p.eid !== eid)
      throw new MvneConflict(`eSIM profile ${id} is installed on another device`);
    p.state = 'installed';
    p.eid = eid;
    this.save();
    return p;
  }

  disableProfile(id: string): EsimProfile {
    const p = this.profile(id);
    p.state = 'disabled';
    this.save();
    return p;
  }
}

const MATCHING_ID_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A matching id as SM-DP+ servers hand them out: 4 groups of 5 characters, no easily confused letters. */
function matchingId(): string {
  const group = () =>
    Array.from({ length: 5 }, () => MATCHING_ID_CHARS[randomInt(MATCHING_ID_CHARS.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

import type { MvneTransport } from './transport.ts';

export interface MvneEsimProfile {
  id: string;
  externalId: string;
  iccid: string;
  activationCode: string;
  state: 'released' | 'installed' | 'disabled';
  eid: string | null;
}

/** The MVNE's own eSIM profile API (`/esimProfile/v1`, not a TM Forum one): release, read, disable. */
export class MvneEsimProfiles {
  constructor(private readonly transport: MvneTransport) {}

  /** Releases an eSIM profile for a line's issue; our profile row's id makes it idempotent. */
  async issueProfile(externalId: string): Promise<MvneEsimProfile> {
    return (await this.transport.call<MvneEsimProfile>('POST', '/esimProfile/v1/profile', { externalId }))
      .data;
  }

  async profile(id: string): Promise<MvneEsimProfile> {
    return (await this.transport.call<MvneEsimProfile>('GET', `/esimProfile/v1/profile/${id}`)).data;
  }

  async disableProfile(id: string): Promise<MvneEsimProfile> {
    return (
      await this.transport.call<MvneEsimProfile>('PATCH', `/esimProfile/v1/profile/${id}`, {
        state: 'disabled',
      })
    ).data;
  }
}

import type { FoundAddress } from '@selfcare/domain/order';
import { fetchOutside } from '../metrics.ts';

export class AddressUnavailableError extends Error {}

interface OneMapResult {
  BLK_NO?: string;
  ROAD_NAME?: string;
  BUILDING?: string;
  ADDRESS?: string;
  POSTAL?: string;
}

/**
 * OneMap search (`/api/common/elastic/search`) and the courier's coverage check. A 422 from OneMap
 * means it could not read the search value: that is an empty result, not an error (SPEC.md section 5).
 */
export class AddressClient {
  constructor(
    private readonly oneMapUrl: string,
    private readonly courierUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  private async get(url: string): Promise<Response> {
    try {
      const res = await fetchOutside('address', url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (res.status >= 500) throw new AddressUnavailableError(`answered ${res.status}`);
      return res;
    } catch (err) {
      if (err instanceof AddressUnavailableError) throw err;
      throw new AddressUnavailableError((err as Error).message);
    }
  }

  async byPostalCode(postalCode: string): Promise<FoundAddress[]> {
    const q = new URLSearchParams({
      searchVal: postalCode,
      returnGeom: 'N',
      getAddrDetails: 'Y',
      pageNum: '1',
    });
    const res = await this.get(`${this.oneMapUrl}/api/common/elastic/search?${q}`);
    if (res.status === 422) return [];
    if (!res.ok) throw new AddressUnavailableError(`OneMap answered ${res.status}`);
    const body = (await res.json()) as { results?: OneMapResult[] };
    return (body.results ?? [])
      .filter((r) => r.POSTAL === postalCode)
      .map((r) => ({
        postalCode: r.POSTAL as string,
        blockNumber: r.BLK_NO ?? '',
        roadName: r.ROAD_NAME ?? '',
        building: r.BUILDING && r.BUILDING !== 'NIL' ? r.BUILDING : '',
        address: r.ADDRESS ?? '',
      }));
  }

  async deliverable(postalCode: string): Promise<boolean> {
    const res = await this.get(`${this.courierUrl}/coverage?postalCode=${encodeURIComponent(postalCode)}`);
    if (!res.ok) throw new AddressUnavailableError(`courier answered ${res.status}`);
    return ((await res.json()) as { deliverable: boolean }).deliverable;
  }
}

import { MvneEsimProfiles } from './mvne/esim-profiles.ts';
import { MvneNumberInventory } from './mvne/number-inventory.ts';
import { MvnePorting } from './mvne/porting.ts';
import { MvneProductOrdering } from './mvne/product-ordering.ts';
import { MvneServiceActivation } from './mvne/service-activation.ts';
import { MvneTransport } from './mvne/transport.ts';
import { MvneUsage } from './mvne/usage.ts';

export { MvneOrderUnfinishedError, MvneRejectedError, MvneUnavailableError } from './mvne/errors.ts';
export type { MvneEsimProfile } from './mvne/esim-profiles.ts';
export type { MvneReservation } from './mvne/number-inventory.ts';
export type { MvnePort } from './mvne/porting.ts';
export type { MvneOrder, MvneOrderLine, MvneProduct, MvneProductChange } from './mvne/product-ordering.ts';
export { fromTmfService, type MvneService, type TmfService } from './mvne/service-activation.ts';
export type { MvneBucket, MvneUsageRecord } from './mvne/usage.ts';
export {
  MvneEsimProfiles,
  MvneNumberInventory,
  MvnePorting,
  MvneProductOrdering,
  MvneServiceActivation,
  MvneTransport,
  MvneUsage,
};

/**
 * The MVNE's API (TM Forum's, and its own for eSIM profiles and porting), one area per API (files in
 * `mvne/`), all over one transport: every call has a timeout; network errors, timeouts and 5xx
 * answers (401 and 429 too) become MvneUnavailableError, other refusals MvneRejectedError. A
 * capability that calls the MVNE adds to the area whose API it uses.
 */
export class MvneClient {
  /** TMF685: to find and hold new numbers. */
  readonly numbers: MvneNumberInventory;
  /** TMF622: to place the order, and change orders on live lines' products. */
  readonly orders: MvneProductOrdering;
  /** TMF640: the lines' services on the network. */
  readonly services: MvneServiceActivation;
  /** The MVNE's own eSIM profile API. */
  readonly esim: MvneEsimProfiles;
  /** The MVNE's own number portability API: port-ins. */
  readonly porting: MvnePorting;
  /** TMF677 balances and TMF635 usage records. */
  readonly usage: MvneUsage;

  constructor(baseUrl: string, apiKey: string, timeoutMs: number) {
    const transport = new MvneTransport(baseUrl, apiKey, timeoutMs);
    this.numbers = new MvneNumberInventory(transport);
    this.orders = new MvneProductOrdering(transport);
    this.services = new MvneServiceActivation(transport);
    this.esim = new MvneEsimProfiles(transport);
    this.porting = new MvnePorting(transport);
    this.usage = new MvneUsage(transport);
  }
}

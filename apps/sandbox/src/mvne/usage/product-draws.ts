import { endHour, type LineProduct, offeringOf, type ProductBook } from './product-book.ts';
import { ROAMING_COUNTRIES } from './traffic.ts';
import { BUCKET_PRODUCT_FIRST } from './usage-log.ts';

/** A product bucket as one line draws on it: the line's code for it, and the product's balance. */
export interface ProductDraw {
  code: number;
  balance: { remaining: number };
  /** The hour its bucket ends (a monthly one's at the end of the bundle month): earliest drawn first. */
  end: number;
}

/**
 * The product buckets a line may draw on during an hour, sorted earliest end first, and whether its
 * IDD calls are at the saver rate. Worked out again only when the set can change (a product starting
 * or ending, the month turning), so rating an event looks through the few buckets of its kind only.
 */
export interface LineProducts {
  localData: ProductDraw[];
  /** By ROAMING_COUNTRIES index: the roaming data buckets covering that country. */
  roamingData: ProductDraw[][];
  iddVoice: ProductDraw[];
  iddSms: ProductDraw[];
  iddSaver: boolean;
}

const empty = (): LineProducts => ({
  localData: [],
  roamingData: ROAMING_COUNTRIES.map(() => []),
  iddVoice: [],
  iddSms: [],
  iddSaver: false,
});
/** A line with no product: nothing to draw on (never written to). */
export const NO_PRODUCTS: LineProducts = empty();

const COUNTRY_INDEX = new Map<string, number>(ROAMING_COUNTRIES.map((c, i) => [c.country, i]));
const byEnd = (a: ProductDraw, b: ProductDraw) => a.end - b.end;

/**
 * What `serviceId` may draw on in `hour`, from the products in its slots (slot i is bucket code
 * BUCKET_PRODUCT_FIRST + i), and the first later hour at which that may change.
 */
export function lineProductsAt(
  book: ProductBook,
  serviceId: string,
  slots: readonly string[],
  hour: number,
  monthEndHour: number,
): { products: LineProducts; next: number } {
  if (!slots.length) return { products: NO_PRODUCTS, next: Number.POSITIVE_INFINITY };
  let next = monthEndHour;
  let out: LineProducts | null = null;
  for (let slot = 0; slot < slots.length; slot++) {
    const p = book.get(slots[slot] as string) as LineProduct;
    const member = p.services.find((s) => s.id === serviceId);
    if (!member) continue;
    if (hour < member.from) {
      next = Math.min(next, member.from);
      continue;
    }
    const end = endHour(p);
    if (hour >= end) continue;
    next = Math.min(next, end);
    out ??= empty();
    const offering = offeringOf(p);
    if (offering.iddSaver) out.iddSaver = true;
    const a = offering.allowance;
    if (!a) continue;
    const draw: ProductDraw = {
      code: BUCKET_PRODUCT_FIRST + slot,
      balance: p,
      end: offering.recurring === 'monthly' ? Math.min(end, monthEndHour) : end,
    };
    if (a.scope === 'local') out.localData.push(draw);
    else if (a.scope === 'idd') (a.usageType === 'voice' ? out.iddVoice : out.iddSms).push(draw);
    else
      for (const country of offering.countries) {
        const i = COUNTRY_INDEX.get(country);
        if (i !== undefined) out.roamingData[i]?.push(draw);
      }
  }
  if (!out) return { products: NO_PRODUCTS, next };
  // Stable: buckets ending together are drawn in the order the line got them.
  out.localData.sort(byEnd);
  out.iddVoice.sort(byEnd);
  out.iddSms.sort(byEnd);
  for (const list of out.roamingData) list.sort(byEnd);
  return { products: out, next };
}

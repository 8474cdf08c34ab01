import { fetchOutside } from '../metrics.ts';
/** The bank could not be reached or failed: nothing is known about the credit. */
export class BankUnavailableError extends Error {}

/** A PayNow credit to the operator's account, as the bank states it. */
export interface BankCredit {
  id: string;
  uen: string;
  reference: string;
  amountCents: number;
  currency: string;
  settledAt: string;
}

interface CreditBody {
  id: string;
  uen: string;
  reference: string;
  amount: number;
  currency: string;
  settled_at: string;
}

const fromBank = (c: CreditBody): BankCredit => ({
  id: c.id,
  uen: c.uen,
  reference: c.reference,
  amountCents: c.amount,
  currency: c.currency,
  settledAt: c.settled_at,
});

/** A page of the account's statement: its credits, where the next page starts, and whether it has one. */
export interface CreditPage {
  credits: BankCredit[];
  cursor: string;
  hasMore: boolean;
}

/**
 * The operator's collecting bank: its own record of PayNow credits. Its statement, read by cursor,
 * is how every credit is learnt of; an event only hints that there is something to read.
 */
export class BankClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetchOutside('bank', `${this.baseUrl}/bank/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.apiKey}`, ...init.headers },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new BankUnavailableError(`bank unreachable: ${(err as Error).message}`);
    }
  }

  /** The credit with this id, or null when the bank has none (a forged event names one it never made). */
  async credit(id: string): Promise<BankCredit | null> {
    const res = await this.call(`/credits/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new BankUnavailableError(`bank answered ${res.status}`);
    return fromBank((await res.json()) as CreditBody);
  }

  /** The credits after `cursor` (null: from the account's first), oldest first. */
  async creditsAfter(cursor: string | null, limit: number): Promise<CreditPage> {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { after: cursor } : {}) });
    const res = await this.call(`/credit-advices?${query}`);
    if (!res.ok) throw new BankUnavailableError(`bank answered ${res.status}`);
    const page = (await res.json()) as { data: CreditBody[]; cursor: string; has_more: boolean };
    return { credits: page.data.map(fromBank), cursor: page.cursor, hasMore: page.has_more };
  }

  /**
   * Sends a credit back to the account it came from; the key makes it once. False when the bank
   * has no such credit or it went back under another key.
   */
  async returnCredit(id: string, idempotencyKey: string): Promise<boolean> {
    const res = await this.call(`/credits/${encodeURIComponent(id)}/returns`, {
      method: 'POST',
      headers: { 'idempotency-key': idempotencyKey },
    });
    if (res.status === 404 || res.status === 409) return false;
    if (!res.ok) throw new BankUnavailableError(`bank answered ${res.status}`);
    return true;
  }
}

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

/** The operator's collecting bank: its own record of PayNow credits, which an event only hints at. */
export class BankClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The credit with this id, or null when the bank has none (a forged event names one it never made). */
  async credit(id: string): Promise<BankCredit | null> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/bank/api/v1/credits/${encodeURIComponent(id)}`, {
        headers: { authorization: `Bearer ${this.apiKey}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new BankUnavailableError(`bank unreachable: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new BankUnavailableError(`bank answered ${res.status}`);
    const c = (await res.json()) as {
      id: string;
      uen: string;
      reference: string;
      amount: number;
      currency: string;
      settled_at: string;
    };
    return {
      id: c.id,
      uen: c.uen,
      reference: c.reference,
      amountCents: c.amount,
      currency: c.currency,
      settledAt: c.settled_at,
    };
  }
}

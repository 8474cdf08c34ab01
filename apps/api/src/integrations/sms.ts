import { smsEncoding } from '@selfcare/domain';
import { fetchOutside } from '../metrics.ts';
/**
 * Sends SMS through an HTTP provider: POST { to, from, text, encoding } with a bearer key. The
 * encoding is the one the text needs (GSM-7, or UCS-2 for any character outside GSM 03.38's
 * alphabet), stated as providers' unicode flags ask: a provider left to assume GSM-7 garbles
 * Chinese or Tamil. The idempotency key lets the provider drop a repeat when a retry follows a send
 * whose answer was lost.
 */
export class SmsClient {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly sender: string,
  ) {}

  async send(to: string, text: string, idempotencyKey: string): Promise<void> {
    const res = await fetchOutside('sms', this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.apiKey}`,
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ to, from: this.sender, text, encoding: smsEncoding(text) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}

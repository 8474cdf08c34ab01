import { createHmac } from 'node:crypto';

/** Signature header of a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Posts a signed event, retrying with backoff (1 s, 2 s, 4 s, ...) until the receiver answers 2xx. */
export async function deliverWebhook(url: string, secret: string, event: object, attempt = 0): Promise<void> {
  const body = JSON.stringify(event);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'selfcare-signature': signWebhook(secret, body) },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (res.ok) return;
  } catch {
    // retried below
  }
  if (attempt < 8)
    setTimeout(() => void deliverWebhook(url, secret, event, attempt + 1), 1000 * 2 ** attempt).unref();
}

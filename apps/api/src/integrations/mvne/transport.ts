import { fetchOutside } from '../../metrics.ts';
import { MvneRejectedError, MvneUnavailableError } from './errors.ts';

/**
 * How every call reaches the MVNE's TM Forum API: its base URL and API key, and a timeout on each call.
 * Network errors, timeouts, 5xx, 401 and 429 answers become MvneUnavailableError (worth retrying
 * later); any other 4xx, MvneRejectedError with the MVNE's message. The API areas share one.
 */
export class MvneTransport {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    let res: Response;
    try {
      res = await fetchOutside('mvne', `${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new MvneUnavailableError(`MVNE unreachable: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    const data = text ? (JSON.parse(text) as T & { message?: string }) : (null as T);
    if (res.status >= 500 || res.status === 401 || res.status === 429)
      throw new MvneUnavailableError(`MVNE answered ${res.status}`);
    if (res.status >= 400)
      throw new MvneRejectedError(
        res.status,
        (data as { message?: string } | null)?.message ?? `MVNE answered ${res.status}`,
      );
    return { status: res.status, data };
  }
}

import { Messages } from '@selfcare/domain';
import type { CallInput, CustomerKey, Endpoints } from '@selfcare/domain/endpoints';
import { ApiError, reloadSessionUser } from './api.ts';
import { urlOf } from './api-client.ts';
import { loading } from './loading.ts';
import { session } from './session.ts';

/** The file name the server gives in Content-Disposition, else `fallback`. */
function fileName(res: Response, fallback: string): string {
  const given = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return given?.[1] ? decodeURIComponent(given[1]) : fallback;
}

/**
 * A file from the API (a CSV, a PDF), by its contract key, with the access token, after one refresh if it ran out: the
 * token lives in memory (ADR 0005), so a plain link could not carry it.
 */
export async function fetchFile<C extends CustomerKey>(
  key: C,
  input: CallInput<C, Endpoints[C]>,
  accept: string,
  fallbackName: string,
): Promise<{ blob: Blob; name: string }> {
  const get = () => {
    const token = session.get().token;
    return fetch(`/api/v1${urlOf(key, input as Parameters<typeof urlOf>[1])}`, {
      credentials: 'include',
      headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  loading.start();
  try {
    let res = await get().catch(() => null);
    if (res?.status === 401) {
      await reloadSessionUser();
      res = await get().catch(() => null);
    }
    if (!res) throw new ApiError(-1, Messages.requestFailed);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new ApiError(res.status, body?.message || res.statusText || Messages.requestFailed);
    }
    return { blob: await res.blob(), name: fileName(res, fallbackName) };
  } finally {
    loading.stop();
  }
}

/** Saves the file through a temporary link, as the browser saves any download. */
export function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

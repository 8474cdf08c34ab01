import { Messages } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, reloadSessionUser } from '../../../lib/api.ts';
import { loading } from '../../../lib/loading.ts';
import { session } from '../../../lib/session.ts';
import type { RecordsFilter } from './get-records.ts';

const query = (filter: RecordsFilter) =>
  new URLSearchParams(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The file name the server gives in Content-Disposition, else one made of the dates. */
function fileName(res: Response, filter: RecordsFilter): string {
  const given = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return given?.[1] ? decodeURIComponent(given[1]) : `usage-${filter.from}-to-${filter.to}.csv`;
}

/** The records of `filter` as CSV, with the access token, after one refresh if it ran out. */
export async function fetchRecordsCsv(filter: RecordsFilter): Promise<{ blob: Blob; name: string }> {
  const url = `/api/v1/usage/records.csv?${query(filter)}`;
  const get = () => {
    const token = session.get().token;
    return fetch(url, {
      credentials: 'include',
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
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
    return { blob: await res.blob(), name: fileName(res, filter) };
  } finally {
    loading.stop();
  }
}

/** Saves the file through a temporary link, as the browser saves any download. */
function save(blob: Blob, name: string) {
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

/** Downloads the usage records of `filter` as a CSV file. */
export const useDownloadRecords = () =>
  useMutation({
    mutationFn: async (filter: RecordsFilter) => {
      const { blob, name } = await fetchRecordsCsv(filter);
      save(blob, name);
    },
  });

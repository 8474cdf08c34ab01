import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../../lib/download.ts';
import type { RecordsFilter } from './get-records.ts';

const query = (filter: RecordsFilter) =>
  new URLSearchParams(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The records of `filter` as CSV. */
export const fetchRecordsCsv = (filter: RecordsFilter) =>
  fetchFile(`/usage/records.csv?${query(filter)}`, 'text/csv', `usage-${filter.from}-to-${filter.to}.csv`);

/** Downloads the usage records of `filter` as a CSV file. */
export const useDownloadRecords = () =>
  useMutation({
    mutationFn: async (filter: RecordsFilter) => {
      const { blob, name } = await fetchRecordsCsv(filter);
      saveFile(blob, name);
    },
  });

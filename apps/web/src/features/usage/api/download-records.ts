import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../../lib/download.ts';
import type { RecordsFilter } from './get-records.ts';

/** The records of `filter` as CSV. */
export const fetchRecordsCsv = (filter: RecordsFilter) =>
  fetchFile(
    'GET /usage/records.csv',
    { query: filter },
    'text/csv',
    `usage-${filter.from}-to-${filter.to}.csv`,
  );

/** Downloads the usage records of `filter` as a CSV file. */
export const useDownloadRecords = () =>
  useMutation({
    mutationFn: async (filter: RecordsFilter) => {
      const { blob, name } = await fetchRecordsCsv(filter);
      saveFile(blob, name);
    },
  });

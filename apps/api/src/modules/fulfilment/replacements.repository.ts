import { replacementRecords } from '../lines/index.ts';

export type { ReplacementRecord } from '../lines/index.ts';

/** Lost SIMs' replacements as staff work them (ADR 0029): the table is the lines module's, the work ours. */
export const replacementsRepository = {
  /** A page of replacements, oldest reported first (the longest waiting at the top), with the total. */
  page: replacementRecords.page,
  one: replacementRecords.one,
  /** Holds the replacement for the caller's transaction. */
  lock: replacementRecords.lock,
  update: replacementRecords.update,
  /** A replacement the MVNE refused to swap in, while it is still activating. */
  refuseSwap: replacementRecords.refuseSwap,
  /** The line's service at the MVNE. */
  serviceOf: replacementRecords.serviceOf,
};

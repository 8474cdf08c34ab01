/** The MVNE could not be reached or failed: worth retrying later. */
export class MvneUnavailableError extends Error {}

/** The MVNE refused the request as it stands (a number taken, a reservation gone): retrying will not help. */
export class MvneRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The MVNE took an order and has not finished it (TMF622 `acknowledged`, `inProgress`, `pending`,
 * `held`…): not a refusal. The job that sent it asks again through its retries; the order's
 * `externalId` makes each ask answer the same order, never a second one.
 */
export class MvneOrderUnfinishedError extends MvneUnavailableError {}

/** TMF622 states that end an order without doing it; every state but these and `completed` is unfinished. */
const REFUSED = new Set(['rejected', 'failed']);

/** A change order's answer, as the job must take it: done, refused, or to be asked again later. */
export function checkOrderDone(externalId: string, state: string, done: boolean): void {
  if (state === 'completed' && done) return;
  if (REFUSED.has(state) || state === 'completed')
    throw new MvneRejectedError(409, `product order ${externalId} is ${state}`);
  throw new MvneOrderUnfinishedError(`product order ${externalId} is ${state}`);
}

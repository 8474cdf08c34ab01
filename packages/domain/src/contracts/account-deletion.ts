import { z } from 'zod/mini';

/**
 * GET /api/v1/account/deletion-request: the customer's open request to close the account, with what
 * it still waits for; else why they cannot ask now (null: they can).
 */
export const accountDeletionViewSchema = z.object({
  request: z.nullable(
    z.object({
      id: z.string(),
      requestedAt: z.string(),
      /** What staff wait for before closing it; empty: nothing, it is closed shortly. */
      waitingFor: z.array(z.string()),
    }),
  ),
  problem: z.nullable(z.string()),
});
export type AccountDeletionView = z.infer<typeof accountDeletionViewSchema>;

/** GET /api/v1/staff/account-deletions (each item): an open request, with what it waits for. */
export const staffDeletionRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  requestedAt: z.string(),
  lines: z.array(z.object({ msisdn: z.string(), state: z.string(), endsOn: z.nullable(z.string()) })),
  unpaidCents: z.number(),
  /** Empty: the account may be closed now. */
  blockers: z.array(z.string()),
});
export type StaffDeletionRequest = z.infer<typeof staffDeletionRequestSchema>;

/** POST /api/v1/staff/account-deletions/{id}/complete: the closed account. */
export const deletionCompletedSchema = z.object({
  id: z.string(),
  userId: z.string(),
  completedAt: z.string(),
});
export type DeletionCompleted = z.infer<typeof deletionCompletedSchema>;

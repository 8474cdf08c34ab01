import type { users } from './auth.schema.ts';

type UserColumns = typeof users.$inferSelect;

// The session guard's account row is this module's users row (ADR 0045: the plugin imports no table).
declare module '../../plugins/auth.ts' {
  interface UserRow extends UserColumns {}
}

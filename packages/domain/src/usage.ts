export type UsageUnit = 'BYTES' | 'SECONDS' | 'EVENTS';

/** SPEC.md section 9: GB with 2 decimals, whole minutes rounded down, events as SMS, never negative. */
export function formatUsage(value: number, unit: UsageUnit): string {
  const v = Math.max(0, value);
  switch (unit) {
    case 'BYTES':
      return `${(v / 1024 ** 3).toFixed(2)} GB`;
    case 'SECONDS':
      return `${Math.floor(v / 60)} min`;
    case 'EVENTS':
      return `${Math.floor(v)} SMS`;
  }
}

/** The minutes a call is charged: each started minute (a 20-second call is 1 min, 61 seconds are 2). */
export const chargedMinutes = (seconds: number): number => Math.ceil(Math.max(0, seconds) / 60);

/** Minutes charged, as the records and the summaries write them: '4 min'. */
export const formatChargedMinutes = (minutes: number): string => `${Math.max(0, minutes)} min`;

/**
 * Data as the records and the summaries list it: in GB to 2 decimals, as SPEC section 9 says data is
 * shown, except that some data too little to reach 0.01 GB reads '< 0.01 GB', never '0.00 GB', which
 * a customer reads as none used.
 */
export function formatDataAmount(bytes: number): string {
  return bytes > 0 && bytes < BYTES_PER_GB / 200 ? '< 0.01 GB' : formatUsage(bytes, 'BYTES');
}

/**
 * A usage record's amount as it is charged, and a summary's sum of them: calls by the started minute
 * (chargedMinutes), data by formatDataAmount, SMS as formatUsage shows them.
 */
export function formatChargedUsage(value: number, unit: UsageUnit): string {
  if (unit === 'SECONDS') return formatChargedMinutes(chargedMinutes(value));
  if (unit === 'BYTES') return formatDataAmount(value);
  return formatUsage(value, unit);
}

export const BYTES_PER_GB = 1024 ** 3;

const SG_OFFSET_MS = 8 * 3600_000;
/** 00:00 in Singapore (UTC+8, no daylight saving) on the 1st of `month` (0-based; 12 is next January). */
const firstOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - SG_OFFSET_MS);

/**
 * The bundle month `at` falls in: from 00:00 Singapore time on the 1st (when bundled data resets,
 * SPEC section 9) to the next 1st.
 */
export function bundleMonth(at: Date): { start: Date; end: Date } {
  const sg = new Date(at.getTime() + SG_OFFSET_MS);
  const [year, month] = [sg.getUTCFullYear(), sg.getUTCMonth()];
  return { start: firstOfMonth(year, month), end: firstOfMonth(year, month + 1) };
}

/**
 * The plan data that carries into the next month at the reset (ADR 0022): what is left of the month's
 * plan data, at most one month's allowance, when rollover is on. An unlimited plan carries nothing.
 */
export function dataCarriedOver(
  plan: { allowanceBytes: number | null; remainingBytes: number },
  rolloverOn: boolean,
): number {
  if (!rolloverOn || plan.allowanceBytes === null) return 0;
  return Math.max(0, Math.min(plan.remainingBytes, plan.allowanceBytes));
}

/**
 * `bytes` of data use drawn from the buckets (ADR 0022): rollover data first, then the month's plan
 * data; what neither holds is out of bundle.
 */
export function drawData(
  buckets: { rollover: number; plan: number },
  bytes: number,
): { rollover: number; plan: number; outOfBundle: number } {
  const fromRollover = Math.min(Math.max(0, buckets.rollover), bytes);
  const fromPlan = Math.min(Math.max(0, buckets.plan), bytes - fromRollover);
  return {
    rollover: buckets.rollover - fromRollover,
    plan: buckets.plan - fromPlan,
    outOfBundle: bytes - fromRollover - fromPlan,
  };
}

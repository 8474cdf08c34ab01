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

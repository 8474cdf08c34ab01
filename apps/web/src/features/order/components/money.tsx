import { formatMoney } from '@selfcare/domain';

/** An amount in cents, shown as Singapore dollars. */
export const Money = ({ cents }: { cents: number }) => <>{formatMoney(cents)}</>;

export const allowance = (value: number | null, unit: string) =>
  value === null ? `Unlimited ${unit}` : `${value} ${unit}`;

/** Money is integer cents everywhere; these turn it into what a Singapore customer reads. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-SG')}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The GST contained in a price that includes it. Singapore prices to consumers are quoted with GST,
 * so the order summary shows the rate and the part of the total that is tax.
 */
export function gstIncluded(totalCents: number, ratePercent: number): number {
  if (totalCents <= 0 || ratePercent <= 0) return 0;
  return Math.round((totalCents * ratePercent) / (100 + ratePercent));
}

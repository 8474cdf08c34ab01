/**
 * Today's date in Singapore, as YYYY-MM-DD. The domain's `sgDate` does the same, but its module
 * carries the public-holiday data that stays out of the web bundle.
 */
const SG_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const sgToday = (): string => SG_DATE.format(new Date());

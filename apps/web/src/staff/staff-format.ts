const SG = new Intl.DateTimeFormat('en-SG', {
  timeZone: 'Asia/Singapore',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as staff in Singapore read it. */
export const formatSgDateTime = (iso: string) => SG.format(new Date(iso));

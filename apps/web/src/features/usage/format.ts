import { formatSgMobile } from '@selfcare/domain';
import type { UsageLine, UsageRecord } from '@selfcare/domain/contracts/usage';
import { t } from '../../lib/i18n.ts';
import './texts.ts';

export { byCountryName, countryName } from '../../lib/country-name.ts';

export const phone = (n: string) => `+65 ${formatSgMobile(n)}`;

const SG_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The Singapore day (YYYY-MM-DD) of an instant. */
export const sgDayOf = (at: Date | string) => SG_DAY.format(typeof at === 'string' ? new Date(at) : at);

/** A line as its owner reads it: '+65 9123 4567 (Me)', the main line being 'Me' and the others 'Us'. */
export const lineName = (line: Pick<UsageLine, 'msisdn' | 'isMainLine'>) =>
  t('usage.lineHeading', { number: phone(line.msisdn), who: t(line.isMainLine ? 'usage.me' : 'usage.us') });

/** What a record was: Data, Call in, Call out, SMS in or SMS out. */
export function recordType(r: Pick<UsageRecord, 'kind' | 'direction'>): string {
  const out = r.direction === 'outgoing';
  const inc = r.direction === 'incoming';
  switch (r.kind) {
    case 'data':
      return t('usage.records.recordType.data');
    case 'voice':
      return t(`usage.records.recordType.${out ? 'callOut' : inc ? 'callIn' : 'call'}`);
    case 'sms':
      return t(`usage.records.recordType.${out ? 'smsOut' : inc ? 'smsIn' : 'sms'}`);
  }
}

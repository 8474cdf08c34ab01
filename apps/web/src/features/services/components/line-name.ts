import { formatSgMobile } from '@selfcare/domain';
import type { LineServices } from '@selfcare/domain/contracts/line-services';
import { t } from '../../../lib/i18n.ts';
import '../texts.ts';

/** A line as its owner reads it: '+65 9123 4567 (Me)', the main line being 'Me' and the others 'Us'. */
export const lineName = (line: Pick<LineServices, 'msisdn' | 'isMainLine'>) =>
  t('services.lineHeading', {
    number: `+65 ${formatSgMobile(line.msisdn)}`,
    who: t(line.isMainLine ? 'services.me' : 'services.us'),
  });

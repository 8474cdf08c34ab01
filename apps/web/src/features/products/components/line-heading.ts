import { formatSgMobile } from '@selfcare/domain';
import type { ProductLine } from '@selfcare/domain/contracts/products';
import { t } from '../../../lib/i18n.ts';
import '../texts.ts';

/** A line as its owner reads it: '+65 9123 4567 (Me)', the main line being 'Me' and the others 'Us'. */
export const lineName = (line: Pick<ProductLine, 'msisdn' | 'isMainLine'>) =>
  t('products.lineHeading', {
    number: `+65 ${formatSgMobile(line.msisdn)}`,
    who: t(line.isMainLine ? 'products.me' : 'products.us'),
  });

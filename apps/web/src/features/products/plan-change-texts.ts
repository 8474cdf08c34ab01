import { loadTexts } from '../../lib/i18n.ts';

/** The texts of the plan change page in the reader's language, fetched as the code that uses them loads
 * (a lazily loaded part shows once they are in: lib/lazy.ts). */
void loadTexts(
  'planChange',
  import.meta.glob('./locales/plan-change/*.json', { query: '?catalog', import: 'default' }),
);

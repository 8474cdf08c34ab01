import { loadTexts } from '../../lib/i18n.ts';

/** The texts of the SIM and number port pages in the reader's language, fetched as the code that uses them loads
 * (a lazily loaded part shows once they are in: lib/lazy.ts). */
void loadTexts('lines', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

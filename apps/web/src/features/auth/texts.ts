import { loadTexts } from '../../lib/i18n.ts';

/** The texts of an 'Us' line's page before it is active in the reader's language, fetched as the code that uses them loads
 * (a lazily loaded part shows once they are in: lib/lazy.ts). */
void loadTexts('usLine', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

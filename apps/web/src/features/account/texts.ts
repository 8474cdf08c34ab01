import { loadTexts } from '../../lib/i18n.ts';

/**
 * The texts of My Account (its details, lines and orders, and the latest order's progress) in the
 * reader's language, fetched as the code that uses them loads (a lazily loaded part shows once they
 * are in: lib/lazy.ts), so that /login carries none of them.
 */
void loadTexts('account', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

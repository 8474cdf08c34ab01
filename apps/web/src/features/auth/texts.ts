import { loadTexts } from '../../lib/i18n.ts';

/**
 * The texts of the pages a visitor reaches from /login but that /login does not show (signing up,
 * the forgotten password, a reset or confirmation link, the unconfirmed account, an 'Us' line before
 * it is active) in the reader's language, fetched as the code that uses them loads (a lazily loaded
 * part shows once they are in: lib/lazy.ts), so that /login carries none of them.
 */
void loadTexts('auth', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

import { loadTexts } from '../../lib/i18n.ts';

/** The texts of the notices above the signed-in pages (offline, a new version), in the reader's language. */
void loadTexts('appNotices', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

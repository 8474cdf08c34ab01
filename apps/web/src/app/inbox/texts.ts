import { loadTexts } from '../../lib/i18n.ts';

/** The inbox's texts (the bell and its list), in the reader's language. */
void loadTexts('inbox', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

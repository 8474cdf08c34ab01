import { loadTexts } from './i18n.ts';

/**
 * What each menu item's page is for, in the reader's language: the desktop menu's and the Manage
 * page's, fetched with them, so that /login carries none of it.
 */
void loadTexts('menu', import.meta.glob('./menu/locales/*.json', { query: '?catalog', import: 'default' }));

import { loadTexts } from '../lib/i18n.ts';

/**
 * The staff console's texts, fetched with the code that uses them. The console is English only: its
 * catalog has en.json alone, and the console is always read in English (staff-main.tsx).
 */
void loadTexts('staff', import.meta.glob('./locales/*.json', { query: '?catalog', import: 'default' }));

/**
 * Writes the README's table of the API's settings from their declarations: the platform's in
 * apps/api/src/config.ts and each module's `<m>.settings.ts` (ADR 0048). `npm run docs:settings`;
 * a unit test fails while the README and the declarations differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_SETTINGS } from '../apps/api/src/load-config.ts';
import { withSettingsTable } from '../apps/api/src/settings-readme.ts';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
writeFileSync(readme, withSettingsTable(readFileSync(readme, 'utf8'), ALL_SETTINGS));
console.log(`README.md: ${Object.keys(ALL_SETTINGS).length} settings`);

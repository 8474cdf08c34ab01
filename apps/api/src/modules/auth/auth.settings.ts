import { z } from 'zod';
import { defineSettings, type SettingValues, setting } from '../../settings.ts';

/**
 * How long a checked session is trusted before the database is asked again. Read through `config` (ADR
 * 0048).
 */
export const authSettings = defineSettings({
  SESSION_CACHE_MS: setting(
    z.coerce.number().int().min(0).max(5000).default(1000),
    'How long a checked session is reused before the database is asked again (0 turns it off; ADR 0008)',
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof authSettings> {}
}

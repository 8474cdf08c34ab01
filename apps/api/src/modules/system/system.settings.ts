import { z } from 'zod';
import { defineSettings, type SettingValues, setting, url } from '../../settings.ts';

/** What /api/v1/settings answers besides the brand and the fees. Read through `config` (ADR 0048). */
export const systemSettings = defineSettings({
  DEFAULT_LANGUAGE: setting(z.string().default('en'), 'Language of the portal'),
  MARKETING_URL: setting(
    url.default('https://selfcare.example.sg'),
    'Site behind the Plans, About, Help and Terms links',
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof systemSettings> {}
}

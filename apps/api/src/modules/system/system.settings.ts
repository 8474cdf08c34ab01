import { LOCALES } from '@selfcare/domain';
import { z } from 'zod';
import { defineSettings, type SettingValues, setting, url } from '../../settings.ts';

/** What /api/v1/settings answers besides the brand and the fees. Read through `config` (ADR 0048). */
export const systemSettings = defineSettings({
  DEFAULT_LANGUAGE: setting(
    z.enum(LOCALES).default('en'),
    'Language of what is sent to a customer who has not chosen one: en, zh, ms or ta (ADR 0055)',
  ),
  MARKETING_URL: setting(
    url.default('https://selfcare.example.sg'),
    'Site behind the Plans, About, Help and Terms links',
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof systemSettings> {}
}

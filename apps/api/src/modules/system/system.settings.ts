import { LOCALES } from '@selfcare/domain';
import { z } from 'zod';
import { defineSettings, type SettingValues, setting, url } from '../../settings.ts';

/** What /api/v1/settings answers besides the brand and the fees. Read through `config` (ADR 0048). */
export const systemSettings = defineSettings({
  DEFAULT_LANGUAGE: setting(
    z.enum(LOCALES).default('en'),
    'Language of what is sent to a customer who has not chosen one: en, zh, ms or ta (ADR 0055)',
  ),
  BRAND_SHORT_NAME: setting(
    z.string().min(1).max(30).default('Selfcare'),
    "The brand's name under the portal's icon on a phone's home screen (the web app manifest's short_name)",
  ),
  BRAND_COLOR: setting(
    z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .default('#6741d9'),
    "The brand's colour, as #rrggbb: the installed portal's title bar and splash screen",
  ),
  BRAND_ICONS_DIR: setting(
    z.string().optional(),
    "A folder holding the brand's own icon-192.png, icon-512.png and icon-maskable-512.png for the installed portal (ADR 0057)",
    "the portal's own icons",
  ),
  MARKETING_URL: setting(
    url.default('https://selfcare.example.sg'),
    'Site behind the Plans, About, Help and Terms links',
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof systemSettings> {}
}

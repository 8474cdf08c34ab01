import { z } from 'zod';
import { defineSettings, type SettingValues, setting } from '../../settings.ts';

/** The limits on what one customer may keep uploaded. Read through `config` (ADR 0048). */
export const documentsSettings = defineSettings({
  /**
   * What one customer may keep uploaded (ID documents not yet removed): an order needs a front and a
   * back, with room for re-uploads and for documents staff ask for later.
   */
  UPLOAD_MAX_FILES_PER_CUSTOMER: setting(
    z.coerce.number().int().min(1).default(20),
    "ID documents one customer may keep uploaded (those not yet removed); past it an upload is refused with 'You have uploaded too many files. Please contact support.'",
  ),
  UPLOAD_MAX_BYTES_PER_CUSTOMER: setting(
    z.coerce
      .number()
      .int()
      .min(1)
      .default(40 * 1024 * 1024),
    'Total bytes of ID documents one customer may keep uploaded, counted the same way',
    '`41943040` (40 MB)',
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof documentsSettings> {}
}

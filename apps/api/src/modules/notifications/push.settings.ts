import { z } from 'zod';
import { defineSettings, type SettingValues, setting } from '../../settings.ts';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** The browsers' own push services: Chrome's, Firefox's, Edge's and Safari's. */
export const DEFAULT_PUSH_SERVICES =
  'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.notify.windows.com,https://web.push.apple.com';

/** Web Push (ADR 0060): the VAPID keys the portal signs with, and the push services it sends to. */
export const pushSettings = defineSettings({
  VAPID_PUBLIC_KEY: setting(
    base64url.length(87, 'must be an uncompressed P-256 public key (87 base64url characters)').optional(),
    "The portal's VAPID public key, which browsers subscribe with (web-push generate-vapid-keys); set with VAPID_PRIVATE_KEY",
    'made once and kept in DATA_DIR/vapid-keys.json',
  ),
  VAPID_PRIVATE_KEY: setting(
    base64url.length(43, 'must be a P-256 private key (43 base64url characters)').optional(),
    "The portal's VAPID private key, which signs every push request; a secret",
    'made once and kept in DATA_DIR/vapid-keys.json',
  ),
  VAPID_SUBJECT: setting(
    z
      .string()
      .regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')
      .optional(),
    'Whom a push service contacts about the portal’s pushes (VAPID sub)',
    'mailto: SUPPORT_EMAIL',
  ),
  PUSH_SERVICES: setting(
    z.string().default(DEFAULT_PUSH_SERVICES),
    "The push services a browser's subscription may name, as origins, or origins and the path their endpoints start with (a * stands for one label): the portal sends to no other address",
  ),
});

declare module '../../config.ts' {
  interface ModuleSettings extends SettingValues<typeof pushSettings> {}
}

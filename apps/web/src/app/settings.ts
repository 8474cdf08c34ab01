import type { Settings } from '@selfcare/domain/contracts/settings';
import { call } from '../lib/api.ts';

export type PortalSettings = Settings;

const FALLBACK: PortalSettings = {
  defaultLanguage: 'en',
  brandName: 'Selfcare',
  supportEmail: 'support@selfcare.example.sg',
  supportPhone: '+65 6123 4567',
  marketingUrl: 'https://selfcare.example.sg',
};

let current = FALLBACK;

/** Brand, support contacts and default language are the operator's configuration. */
export async function loadSettings(): Promise<PortalSettings> {
  try {
    current = {
      ...FALLBACK,
      ...(await call('GET /settings', undefined, { silent: true, anonymous: true })).data,
    };
  } catch {
    current = FALLBACK;
  }
  return current;
}

export const settings = () => current;

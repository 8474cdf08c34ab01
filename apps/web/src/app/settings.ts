import type { Settings } from '@selfcare/domain/contracts/settings';
import { api } from '../lib/api.ts';

/**
 * The operator's configuration as the portal shows it. The fees are null only when the settings
 * could not be loaded: a page then leaves a fee out rather than name one the operator may not charge.
 */
export type PortalSettings = Omit<Settings, 'fees'> & { fees: Settings['fees'] | null };

const FALLBACK: PortalSettings = {
  defaultLanguage: 'en',
  brandName: 'Selfcare',
  supportEmail: 'support@selfcare.example.sg',
  supportPhone: '+65 6123 4567',
  marketingUrl: 'https://selfcare.example.sg',
  fees: null,
};

let current = FALLBACK;

/** Brand, support contacts, default language and fees are the operator's configuration. */
export async function loadSettings(): Promise<PortalSettings> {
  try {
    current = {
      ...FALLBACK,
      ...(await api.get<Settings>('/settings', undefined, { silent: true, anonymous: true })).data,
    };
  } catch {
    current = FALLBACK;
  }
  return current;
}

export const settings = () => current;

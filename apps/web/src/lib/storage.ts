import type { AuthUser } from '@selfcare/domain';

/** What the browser keeps between visits (SPEC.md section 3). The access token is kept in memory only. */
const KEYS = {
  user: 'user',
  roadshow: 'roadshow',
  version: 'version',
  show: 'show',
  language: 'language',
  logoutPending: 'logoutPending',
} as const;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const storage = {
  user: () => read<AuthUser>(KEYS.user),
  setUser(user: AuthUser) {
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    localStorage.setItem(KEYS.roadshow, JSON.stringify(user.roadshow));
  },
  version: () => read<string>(KEYS.version),
  setVersion: (v: string) => localStorage.setItem(KEYS.version, JSON.stringify(v)),
  /** The language chosen on this browser; it stays after a logout, as a choice of the device. */
  language: () => read<string>(KEYS.language),
  setLanguage: (locale: string) => localStorage.setItem(KEYS.language, JSON.stringify(locale)),
  /** A sign-out the network did not carry yet (ADR 0057). */
  logoutPending: () => read<boolean>(KEYS.logoutPending) === true,
  setLogoutPending(pending: boolean) {
    if (pending) localStorage.setItem(KEYS.logoutPending, 'true');
    else localStorage.removeItem(KEYS.logoutPending);
  },
  /** Clears the stored login: user, roadshow flag and show entries. The version stays. */
  clearLogin() {
    for (const k of [KEYS.user, KEYS.roadshow, KEYS.show]) localStorage.removeItem(k);
  },
};

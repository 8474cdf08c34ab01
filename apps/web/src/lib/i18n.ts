import { useSyncExternalStore } from 'react';
import { en } from '../locales/en.ts';

/**
 * Translation with the call shape of react-i18next (`const { t } = useTranslation()`,
 * `t('a.b', { name })` with {{name}} interpolation) at a fraction of its weight (ADR 0004).
 * Languages are resource objects; a key missing in the current language falls back to English.
 */
type Resources = typeof en;
type Vars = Record<string, unknown> & { defaultValue?: string };

const languages: Record<string, Resources> = { en };
let language = 'en';
const listeners = new Set<() => void>();

function lookup(resources: unknown, key: string): string | undefined {
  let node: unknown = resources;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function t(key: string, vars: Vars = {}): string {
  const template = lookup(languages[language], key) ?? lookup(en, key) ?? vars.defaultValue ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/**
 * Adds a feature's texts under `namespace` when the feature's chunk loads, so that pages which do
 * not use them do not download them.
 */
export function addResources(lng: string, namespace: string, strings: Record<string, unknown>) {
  const target = (languages[lng] ?? en) as unknown as Record<string, unknown>;
  target[namespace] = strings;
}

export function setLanguage(lng: string) {
  language = languages[lng] ? lng : 'en';
  document.documentElement.lang = language;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useTranslation() {
  useSyncExternalStore(subscribe, () => language);
  return { t };
}

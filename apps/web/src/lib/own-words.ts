import type { Translations } from '@selfcare/domain/order';
import { currentLanguage } from './i18n.ts';

/**
 * An operator's text (a plan's or product's description) in the language being read where staff
 * wrote it in it, else its English (ADR 0055). A module of its own, so that /login carries none of it.
 */
export function ownWords(english: string, translations?: Translations): string {
  const language = currentLanguage();
  return (language !== 'en' && translations?.[language]) || english;
}

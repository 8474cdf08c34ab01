import { LOCALE_NAMES, LOCALES, type Locale } from '@selfcare/domain';
import { useId } from 'react';
import { chosenLanguage, useTranslation } from '../../lib/i18n.ts';
import { chooseLanguage } from '../../lib/language.ts';

/**
 * The language the portal speaks, chosen from the four each named in its own script (ADR 0055). A
 * native select: every phone and screen reader knows it, and it weighs nothing.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className={`language-switch${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        // The language asked for, while its texts are on their way: the choice does not jump back.
        value={chosenLanguage()}
        onChange={(e) => void chooseLanguage(e.currentTarget.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}

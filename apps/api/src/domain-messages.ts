import type { Locale, MessageCatalog } from '@selfcare/domain';
import ms from '@selfcare/domain/locales/messages.ms.json' with { type: 'json' };
import ta from '@selfcare/domain/locales/messages.ta.json' with { type: 'json' };
import zh from '@selfcare/domain/locales/messages.zh.json' with { type: 'json' };
import msCore from '@selfcare/domain/locales/messages-core.ms.json' with { type: 'json' };
import taCore from '@selfcare/domain/locales/messages-core.ta.json' with { type: 'json' };
import zhCore from '@selfcare/domain/locales/messages-core.zh.json' with { type: 'json' };

/** The domain's messages in each language but English, by their English (message-texts.ts, ADR 0055). */
export const CATALOGS: Readonly<Record<Exclude<Locale, 'en'>, MessageCatalog>> = {
  zh: { ...zhCore, ...zh },
  ms: { ...msCore, ...ms },
  ta: { ...taCore, ...ta },
};

/** The domain's messages in `locale`; none for English, whose messages are the English itself. */
export const domainMessages = (locale: Locale): MessageCatalog | undefined =>
  locale === 'en' ? undefined : CATALOGS[locale];

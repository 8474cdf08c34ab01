import { defineTexts } from '../../texts.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/**
 * Orders' words in the four languages (ADR 0055): a paid order's confirmation, with its items named
 * in the customer's language, and an added 'Us' line's.
 */
export const texts = defineTexts(en, { zh, ms, ta });

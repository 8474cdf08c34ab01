import { defineTexts } from '../../texts.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** Billing's words in the four languages (ADR 0055): its emails, its SMS and the tax invoice. */
export const texts = defineTexts(en, { zh, ms, ta });

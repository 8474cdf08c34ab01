import { defineTexts } from '../../texts.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** The lines module's words in the four languages (ADR 0055): the eSIM's email and the port-in's. */
export const texts = defineTexts(en, { zh, ms, ta });

import { defineTexts } from '../../texts.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/**
 * The words every email shares, in the customer's language (ADR 0055): the layout's greeting and
 * footer, and the look every order email shares (its subject, its link, the delivery methods).
 */
export const notificationTexts = defineTexts(en, { zh, ms, ta });

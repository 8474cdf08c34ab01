import { defineTexts } from '../../texts.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/**
 * Auth's words in the four languages (ADR 0055): the emails and SMS of signing in and registering,
 * of the account's email address, and the security alerts.
 */
export const texts = defineTexts(en, { zh, ms, ta });

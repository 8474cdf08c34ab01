import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { registerMessageTexts, registerTexts, setLanguage, textsReady } from '../lib/i18n.ts';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: at a load average of 9 a page's first
// render took longer. A limit catches a hang, not slowness.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts on its own only where test globals exist; this project imports them.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// happy-dom has no document.fonts (FontFaceSet), which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });

// The portal's chrome texts, as the app loads them before its first render (main.tsx).
registerTexts('', import.meta.glob('../locales/*.json', { query: '?catalog', import: 'default' }));
registerMessageTexts(
  'core',
  import.meta.glob('../../../../packages/domain/src/locales/messages-core.*.json', { import: 'default' }),
);
await setLanguage('en');

// A component a test renders by itself has its texts, as a page's lazy loading waits for them (lib/lazy.ts).
beforeEach(() => textsReady());

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

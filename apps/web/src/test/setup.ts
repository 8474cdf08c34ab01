import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts on its own only where test globals exist; this project imports them.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

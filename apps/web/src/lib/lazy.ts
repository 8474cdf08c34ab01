import { lazy as reactLazy } from 'react';
import { textsReady } from './i18n.ts';

/**
 * React's `lazy()`, shown once its texts are in too: the part's modules ask for their catalogs as
 * they load (each feature's `texts.ts`), and this waits for them, so a page never shows a key.
 */
export const lazy: typeof reactLazy = (load) =>
  reactLazy(async () => {
    const part = await load();
    await textsReady();
    return part;
  });

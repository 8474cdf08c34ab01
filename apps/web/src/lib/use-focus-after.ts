import { useEffect, useRef } from 'react';

const NOTHING = Symbol('nothing');

/**
 * After an action whose result takes its own button off the page (a lost SIM reported, a number
 * change confirmed), focus would fall to the page itself and keyboard and screen reader users would
 * lose their place. Call `acted()` once the action succeeded; when `shown` (what the page shows of
 * the result) next changes and focus has fallen to the page, `target` takes it (give the target
 * tabIndex -1). Focus anywhere else is left alone.
 */
export function useFocusAfter<T extends HTMLElement>(shown: unknown) {
  const target = useRef<T>(null);
  const actedOn = useRef<unknown>(NOTHING);
  useEffect(() => {
    if (actedOn.current === NOTHING || Object.is(actedOn.current, shown)) return;
    actedOn.current = NOTHING;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) target.current?.focus();
  }, [shown]);
  return {
    target,
    acted: () => {
      actedOn.current = shown;
    },
  };
}

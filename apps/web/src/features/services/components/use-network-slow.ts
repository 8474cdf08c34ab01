import { useEffect, useState } from 'react';

/** How long the network may take before a page says it is not answering (and that the request is kept). */
export const NETWORK_SLOW_MS = 2 * 60_000;
/** How often a page left open looks at the clock again while it waits. */
const LOOK_EVERY_MS = 2000;

/**
 * Whether the network has taken longer than `NETWORK_SLOW_MS` since `since` (null: nothing waits).
 * It turns true by itself on a page left open: the answer the page polls for can stay the same, and
 * nothing else would render it again.
 */
export function useNetworkSlow(since: string | null | undefined): boolean {
  const due = since ? Date.parse(since) + NETWORK_SLOW_MS : null;
  const [slow, setSlow] = useState(() => due !== null && Date.now() > due);
  useEffect(() => {
    if (due === null) return;
    const look = () => setSlow(Date.now() > due);
    look();
    const timer = setInterval(look, LOOK_EVERY_MS);
    return () => clearInterval(timer);
  }, [due]);
  return due !== null && slow;
}

/**
 * The pages that start a round trip to the national identity provider, and so the only pages
 * /callback may return to: MyInfo from the order wizard, the Singpass login of online activation,
 * and MyInfo from the CIS eligibility check of a customer with a line.
 */
export const CALLBACK_REFS = [
  '/getStarted',
  '/getStartedNoBill',
  '/activeSimOnline',
  '/profile/checkCIS',
] as const;
export type CallbackRef = (typeof CALLBACK_REFS)[number];

/**
 * Where /callback sends the browser: the state's `ref` when it is exactly one of CALLBACK_REFS, with
 * the query string (the code and the state) kept; anything else goes home and the code goes nowhere.
 * Browsers read `/\evil`, `/\t/evil` and the like as another site, so `ref` is never parsed as a URL
 * of its own; the result is checked once more as a same-origin URL.
 */
export function callbackTarget(search: string, origin: string): string {
  let ref: unknown;
  try {
    ref = (JSON.parse(new URLSearchParams(search).get('state') ?? '') as { ref?: unknown } | null)?.ref;
  } catch {
    return '/';
  }
  if (typeof ref !== 'string' || !(CALLBACK_REFS as readonly string[]).includes(ref)) return '/';
  const target = new URL(`${ref}${search}`, origin);
  return target.origin === origin && target.pathname === ref ? `${ref}${search}` : '/';
}

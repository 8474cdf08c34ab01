import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What a form or a button sends, and what came of it, without TanStack Query: the pages a visitor
 * opens before signing in (login, register, forgotten and reset passwords, email confirmation) and
 * the header's logout do not load it, which keeps /login within its weight (ADR 0055). The pages of
 * a signed-in customer use TanStack Query as before.
 */
export interface Action<I, O> {
  isPending: boolean;
  error: Error | null;
  data: O | undefined;
  /** Sends `input`; rejects as the call does (a form shows the error), after `error` is set. */
  mutateAsync(input: I): Promise<O>;
}

export function useAction<I = void, O = unknown>(
  run: (input: I) => Promise<O>,
  hooks: { onSuccess?(output: O): void; onSettled?(): void } = {},
): Action<I, O> {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null; data: O | undefined }>({
    isPending: false,
    error: null,
    data: undefined,
  });
  // The latest of each, so that a caller's inline functions do not make a new action every render.
  const latest = useRef({ run, hooks });
  latest.current = { run, hooks };
  // Only the latest call's outcome is shown: an earlier one ending later does not undo it.
  const calls = useRef(0);
  const mutateAsync = useCallback(async (input: I) => {
    const call = ++calls.current;
    const show = (next: { isPending: boolean; error: Error | null; data: O | undefined }) => {
      if (call === calls.current) setState(next);
    };
    setState((s) => ({ ...s, isPending: true, error: null }));
    try {
      const output = await latest.current.run(input);
      latest.current.hooks.onSuccess?.(output);
      show({ isPending: false, error: null, data: output });
      return output;
    } catch (err) {
      show({ isPending: false, error: err instanceof Error ? err : new Error(String(err)), data: undefined });
      throw err;
    } finally {
      latest.current.hooks.onSettled?.();
    }
  }, []);
  return { ...state, mutateAsync };
}

/** Calls made once per key while the app lives in the browser, however often a page renders or mounts. */
const made = new Map<string, Promise<unknown>>();

/**
 * A call a page makes once on arrival (confirming an email address, checking a reset link), without
 * TanStack Query: a re-render, or React's second mount in development, uses the same answer, as a
 * later visit does once it succeeded; a failed call is made again by the next page that asks.
 */
export function useCallOnce<T>(key: string, run: () => Promise<T>) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown; data: T | undefined }>({
    isPending: true,
    error: null,
    data: undefined,
  });
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    let live = true;
    let call = made.get(key) as Promise<T> | undefined;
    if (!call) {
      const thisCall = latest.current();
      call = thisCall;
      made.set(key, thisCall);
      thisCall.catch(() => made.get(key) === thisCall && made.delete(key));
    }
    call.then(
      (data) => live && setState({ isPending: false, error: null, data }),
      (error: unknown) => live && setState({ isPending: false, error, data: undefined }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return { ...state, isError: !state.isPending && state.error !== null };
}

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAction } from './use-action.ts';

/** Resolvable from outside: the test decides when each call ends. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('an action', () => {
  it('is pending while it runs, then keeps its answer, or its error for the form to show', async () => {
    const calls = [deferred<string>(), deferred<string>()];
    let n = 0;
    const { result } = renderHook(() =>
      useAction((_: string) => (calls[n++] as ReturnType<typeof deferred<string>>).promise),
    );
    let first!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync('a');
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      calls[0]?.resolve('done');
      await first;
    });
    expect(result.current).toMatchObject({ isPending: false, data: 'done', error: null });

    let second!: Promise<string>;
    act(() => {
      second = result.current.mutateAsync('b');
    });
    await act(async () => {
      calls[1]?.reject(new Error('Request Failed'));
      await second.catch(() => {});
    });
    expect(result.current.isPending).toBe(false);
    expect(result.current.error?.message).toBe('Request Failed');
  });

  it('shows the latest call: an earlier one ending later does not end its pending state', async () => {
    const calls = [deferred<string>(), deferred<string>()];
    let n = 0;
    const { result } = renderHook(() =>
      useAction((_: string) => (calls[n++] as ReturnType<typeof deferred<string>>).promise),
    );
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync('a');
      second = result.current.mutateAsync('b');
    });
    await act(async () => {
      calls[0]?.resolve('old');
      await first;
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      calls[1]?.resolve('new');
      await second;
    });
    expect(result.current).toMatchObject({ isPending: false, data: 'new' });
  });
});

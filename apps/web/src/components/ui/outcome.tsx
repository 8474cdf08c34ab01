import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { FormError } from './form-error.tsx';

/**
 * What came of the last action of a section that acts on this device (passkeys, push): the API's
 * message when it answered, or `browserFailure`'s words for a refusal by the browser. Kept on the
 * page, not in a passing toast, in a live region that is always there (a region added with its text
 * is not read by every screen reader). When the action took away the control that had the focus (a
 * removed passkey's button), the focus moves to what came of it rather than to the page's top.
 */
export function useOutcome(browserFailure: (err: unknown) => string) {
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [acted, setActed] = useState(0);
  const region = useRef<HTMLDivElement>(null);
  const act = async (run: () => Promise<{ message?: string }>) => {
    setDone(null);
    setFailed(null);
    try {
      setDone((await run()).message ?? null);
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : browserFailure(err));
    }
    setActed((n) => n + 1);
  };
  useEffect(() => {
    if (acted && (!document.activeElement || document.activeElement === document.body))
      region.current?.focus();
  }, [acted]);
  const shown = (
    <div ref={region} tabIndex={-1}>
      <div role="status">
        {done && (
          <Alert color="green" variant="light" role="none">
            {done}
          </Alert>
        )}
      </div>
      <FormError message={failed} />
    </div>
  );
  return { act, shown };
}

import { Alert } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { FormError } from './form-error.tsx';

/**
 * What came of the last action of a section that acts on this device (passkeys, push): the API's
 * message when it answered, or `browserFailure`'s words for a refusal by the browser. Kept on the
 * page, not in a passing toast.
 */
export function useOutcome(browserFailure: (err: unknown) => string) {
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const act = async (run: () => Promise<{ message?: string }>) => {
    setDone(null);
    setFailed(null);
    try {
      setDone((await run()).message ?? null);
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : browserFailure(err));
    }
  };
  const shown = (
    <>
      {done && (
        <Alert color="green" role="status" variant="light">
          {done}
        </Alert>
      )}
      {failed && <FormError message={failed} />}
    </>
  );
  return { act, shown };
}

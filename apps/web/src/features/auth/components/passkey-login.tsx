import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The third way in (ADR 0059): a passkey the device holds, after its fingerprint, face or screen
 * lock. Shown where the browser can use passkeys; WebAuthn's code comes when the customer asks. A
 * refusal by the API says its message; one by the browser (the customer closed its prompt, or the
 * device holds no passkey of the portal) says so and leaves the other ways.
 */
export function PasskeyLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (typeof window.PublicKeyCredential !== 'function') return null;
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      await (await import('../passkey-sign-in.ts')).signInWithPasskey();
      onLoggedIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('login.passkeyNotUsed'));
      setPending(false);
    }
  };
  return (
    <>
      {error && (
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Button variant="default" fullWidth mt="md" loading={pending} onClick={() => void start()}>
        {t('login.passkey')}
      </Button>
    </>
  );
}

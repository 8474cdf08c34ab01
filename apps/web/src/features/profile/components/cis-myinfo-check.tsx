import { Button, Loader, Text } from '@mantine/core';
import { OrderMessages } from '@selfcare/domain/order';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { reloadSessionUser } from '../../../lib/api.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { navigate, useLocation, useSearchParams } from '../../../lib/router.tsx';
import { checkCisByMyinfo, goToMyinfoForCis } from '../api/cis.ts';
import '../texts.ts';

interface Outcome {
  ok: boolean;
  message: string;
}

/**
 * Back from MyInfo (through /callback) with a code and the state: checks the employer once. Passing
 * renews the session (its CIS types changed) before `onPassed` runs, so the plans are read again.
 */
function MyinfoReturn({
  code,
  state,
  onPassed,
  onDone,
}: {
  code: string;
  state: string;
  onPassed: () => Promise<unknown>;
  onDone: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkCisByMyinfo(code, state)
      .then(async ({ message }) => {
        notifySuccess(message);
        await reloadSessionUser();
        await onPassed();
        onDone({ ok: true, message });
      })
      .catch((err: Error) => onDone({ ok: false, message: err.message }));
  }, [code, state, onPassed, onDone]);
  return <Loader size="sm" role="status" aria-label={t('profile.cis.checking')} />;
}

/**
 * CIS eligibility by the employer MyInfo holds: a button to Singpass, and on the way back (the page
 * opened with `code` and `state`) the check and its answer. The answer lives in the history entry,
 * so the code and state leave the address bar and a remount of the page does not check again.
 */
export function CisMyinfoCheck({ path, onPassed }: { path: string; onPassed: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  // MyInfo sends `error` back when the customer did not consent or it could not serve them.
  const refused = params.get('error');
  const outcome = (useLocation().state as { cisMyinfo?: Outcome } | null)?.cisMyinfo ?? null;
  const [startError, setStartError] = useState<string | null>(null);
  const done = useCallback(
    (next: Outcome) => navigate(path, { replace: true, state: { cisMyinfo: next } }),
    [path],
  );
  useEffect(() => {
    if (refused) done({ ok: false, message: OrderMessages.myinfoCisUnavailable });
  }, [refused, done]);

  if (code && state && !refused && !outcome)
    return <MyinfoReturn code={code} state={state} onPassed={onPassed} onDone={done} />;

  const start = () => {
    setStartError(null);
    goToMyinfoForCis().catch((err: Error) => setStartError(err.message));
  };
  const error = startError ?? (outcome && !outcome.ok ? outcome.message : null);
  return (
    <>
      <Text mb="sm">{t('profile.cis.myinfoIntro')}</Text>
      <Button variant="outline" onClick={start}>
        {t('profile.cis.withMyinfo')}
      </Button>
      {outcome?.ok && (
        <Text mt="sm" role="status">
          {tm(outcome.message)}
        </Text>
      )}
      {error && (
        <Text mt="sm" c="red.9" role="alert">
          {tm(error)}
        </Text>
      )}
    </>
  );
}

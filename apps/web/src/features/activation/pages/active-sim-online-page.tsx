import { Alert, Button, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CustomerStatus, pathFor, type RouteDef } from '@selfcare/domain';
import { activateOnlineSchema, activationOrderSchema, FulfilmentMessages } from '@selfcare/domain/fulfilment';
import { OrderMessages } from '@selfcare/domain/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { ApiError, call, reloadSessionUser } from '../../../lib/api.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { lazy } from '../../../lib/lazy.ts';
import { navigate, useSearchParams } from '../../../lib/router.tsx';
import { session, useSession } from '../../../lib/session.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

/** The camera and the barcode reader load only when the customer asks to scan. */
const BarcodeScanner = lazy(() => import('../components/barcode-scanner.tsx'));
const hasCamera = () => typeof navigator.mediaDevices?.getUserMedia === 'function';

const ORDER_KEY = 'selfcare.activation.order';

/** Signed out: which order, then Singpass to prove who is activating it. */
function Identify({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const form = useZodForm(activationOrderSchema, { orderNumber: sessionStorage.getItem(ORDER_KEY) ?? '' });
  const [busy, setBusy] = useState(false);
  const onSubmit = form.submit(async (data) => {
    setBusy(true);
    try {
      sessionStorage.setItem(ORDER_KEY, data.orderNumber);
      const res = await call('GET /auth/kyc/authoriseUrl', undefined, { anonymous: true });
      window.location.assign(res.data.url);
    } catch (err) {
      setBusy(false);
      throw err instanceof ApiError && err.status === 503
        ? new Error(OrderMessages.singpassUnavailable)
        : err;
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {(error || form.formError) && (
          <Alert color="red" role="alert">
            {tm(error ?? form.formError ?? '')}
          </Alert>
        )}
        <TextInput
          label={t('activation.orderNumber')}
          description={t('activation.orderNumberHint')}
          required
          {...form.fieldProps('orderNumber')}
        />
        <Text size="sm">{t('activation.singpassWhy')}</Text>
        <Button type="submit" loading={busy}>
          {t('activation.singpass')}
        </Button>
      </Stack>
    </form>
  );
}

/** Signed in: the order's lines, and the SIM's barcode to activate one. */
function Activate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: ['activation', 'order'],
    queryFn: async () => (await call('GET /activation/order')).data,
  });
  const form = useZodForm(activateOnlineSchema, { iccid: '' });
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  const onScan = (iccid: string) => {
    setScanning(false);
    setScanned(iccid);
    form.setField('iccid', iccid);
    // Back on the field, which now holds the number read, for the customer to check.
    requestAnimationFrame(() => document.getElementById('activation-iccid')?.focus());
  };
  const onSubmit = form.submit(async (data) => {
    setBusy(true);
    try {
      const res = await call('POST /activation/activate', { body: data });
      notifySuccess(res.message);
      form.setField('iccid', '');
      await queryClient.invalidateQueries({ queryKey: ['activation'] });
    } finally {
      setBusy(false);
    }
  });
  const activating = pending.data?.lines.some((l) => l.state === 'activating');
  // While a line is activating, look for the account becoming active (status 2) every few seconds.
  useEffect(() => {
    if (!activating) return;
    const timer = setInterval(() => {
      void reloadSessionUser();
      void queryClient.invalidateQueries({ queryKey: ['activation'] });
    }, 3000);
    return () => clearInterval(timer);
  }, [activating, queryClient]);

  if (pending.isError)
    return (
      <Alert color="red" role="alert">
        {tm(pending.error.message)}
      </Alert>
    );
  if (!pending.data) return <Text>{t('common.loading')}</Text>;
  const open = pending.data.lines.some((l) => l.state === null);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4">
          {t('activation.signedInAs', { orderNumber: pending.data.orderNumber })}
        </Title>
        <List mt="xs">
          {pending.data.lines.map((l) => (
            <List.Item key={l.msisdn}>
              {t('activation.line', { label: l.label, msisdn: l.msisdn })} ·{' '}
              {t(`activation.lineState.${l.state ?? 'none'}`)}
            </List.Item>
          ))}
        </List>
      </Paper>
      {activating && (
        <Alert color="blue" role="status">
          {t('activation.waiting')}
        </Alert>
      )}
      {open && (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            {scanning ? (
              <Suspense fallback={<Text role="status">{t('activation.scanStarting')}</Text>}>
                <BarcodeScanner onScan={onScan} onClose={() => setScanning(false)} />
              </Suspense>
            ) : (
              hasCamera() && (
                <Button variant="light" onClick={() => setScanning(true)}>
                  {t('activation.scan')}
                </Button>
              )
            )}
            {/* Only while the field still holds what was scanned: an edit makes it typed. */}
            {scanned && !scanning && scanned === form.values.iccid && (
              <Alert color="green" role="status">
                {t('activation.scanned', { iccid: scanned })}
              </Alert>
            )}
            <TextInput
              id="activation-iccid"
              label={t('activation.barcode')}
              description={t('activation.barcodeHint')}
              inputMode="numeric"
              autoComplete="off"
              {...form.fieldProps('iccid')}
            />
            <Button type="submit" loading={busy}>
              {t('activation.activate')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** /activeSimOnline: reachable signed out; Singpass signs the customer in for their order. */
export default function ActiveSimOnlinePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  // Back from Singpass (through /callback): sign in for the order typed before leaving.
  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    const orderNumber = sessionStorage.getItem(ORDER_KEY) ?? '';
    call('POST /auth/loginByKyc', { body: { code, state, orderNumber } }, { anonymous: true })
      .then((res) => {
        session.set(res.data);
      })
      .catch((err: Error) => setError(err.message))
      .finally(() => navigate(pathFor('activeSimOnline'), { replace: true }));
  }, [code, state]);

  useEffect(() => {
    if (user?.status === CustomerStatus.Active) navigate(pathFor('local'), { replace: true });
  }, [user?.status]);

  return (
    <Stack maw={560} mx="auto">
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <Text>{t('activation.intro')}</Text>
      {code ? (
        <Text>{t('common.loading')}</Text>
      ) : user?.status === CustomerStatus.Ordered ? (
        <Activate />
      ) : user ? (
        <Alert color="yellow">{tm(error ?? FulfilmentMessages.orderNotEligible)}</Alert>
      ) : (
        <Identify error={error} />
      )}
    </Stack>
  );
}

import { Alert, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import type { Draft } from '@selfcare/domain/contracts/orders';
import { type MyinfoRef, OrderMessages } from '@selfcare/domain/order';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { ApiError, reloadSessionUser } from '../../../lib/api.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { navigate, useLocation, useSearchParams } from '../../../lib/router.tsx';
import { completeCheckout } from '../api/checkout.ts';
import { useDraft } from '../api/draft.ts';
import { retrievePersonData } from '../api/myinfo.ts';
import { useOffer } from '../api/offer.ts';
import { AccountStep } from '../components/account-step.tsx';
import { DeliveryStep } from '../components/delivery-step.tsx';
import { NumberStep } from '../components/number-step.tsx';
import { PlanStep } from '../components/plan-step.tsx';
import { SummaryStep } from '../components/summary-step.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

const firstOpenStep = (d: Draft) => (!d.plan ? 0 : !d.numbers ? 1 : !d.account ? 2 : !d.delivery ? 3 : 4);

/** While the gateway has not answered, the payment is asked about again this often (same attempt). */
const CONFIRM_AGAIN_MS = 4000;

/**
 * Back from the gateway's card page: charge once, place the order, and go to My Account. A refused
 * card brings the customer back to the summary with the reason and what to do, said once there.
 * When the gateway has not answered, the page says so, offers no second payment, and asks again by
 * itself with the same attempt (its idempotency key) until the answer comes.
 */
function PaymentReturn({ attemptId, onFailed }: { attemptId: string; onFailed: (message: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const started = useRef(false);
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const complete = (): Promise<void> =>
      completeCheckout(attemptId)
        .then(async () => {
          notifySuccess(
            `${tm(OrderMessages.orderPaid)}. ${tm(OrderMessages.orderedSuccessfully)} ${tm(OrderMessages.waitForApproval)}`,
          );
          // The customer is now status 1: take the new status into the session before leaving.
          await reloadSessionUser();
          client.removeQueries({ queryKey: ['orders'] });
          navigate(pathFor('myAccount'), { replace: true });
        })
        .catch((err: unknown) => {
          if (
            err instanceof ApiError &&
            err.status === 503 &&
            (err.message === OrderMessages.paymentNotConfirmed ||
              err.message === tm(OrderMessages.paymentNotConfirmed))
          ) {
            if (!mounted.current) return;
            setConfirming(err.message);
            timer.current = setTimeout(() => {
              if (mounted.current) void complete();
            }, CONFIRM_AGAIN_MS);
            return;
          }
          const advice =
            err instanceof ApiError && typeof err.extraInfo.advice === 'string'
              ? ` ${err.extraInfo.advice}`
              : '';
          onFailed(`${(err as Error).message}${advice}`);
        });
    void complete();
  }, [attemptId, client, onFailed]);
  if (confirming)
    return (
      <Alert color="gray" role="status">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text fw={700}>{confirming}</Text>
        </Group>
      </Alert>
    );
  return <Loader role="status" aria-label={t('order.confirmingPayment')} />;
}

interface MyinfoNotice {
  ok: boolean;
  message: string;
}

/**
 * Back from MyInfo (through /callback): read the person into the draft once. The employer may have
 * made the customer eligible for CIS plans, which the session and the offer then show.
 */
function MyinfoReturn({
  code,
  state,
  onDone,
}: {
  code: string;
  state: string;
  onDone: (notice: MyinfoNotice) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    retrievePersonData(code, state)
      .then(async ({ data, message }) => {
        if (data.cis) await reloadSessionUser();
        // The page's first read of the draft may have run while MyInfo's details were being saved,
        // and a refetch would wait for that read rather than start anew: drop it, then read again.
        await client.cancelQueries({ queryKey: ['orders'] });
        await client.invalidateQueries({ queryKey: ['orders'] });
        onDone({
          ok: true,
          message: data.cis ? `${tm(message)} ${tm(OrderMessages.cisEligible(data.cis.name))}` : message,
        });
      })
      .catch((err: Error) => onDone({ ok: false, message: err.message }));
  }, [code, state, client, onDone]);
  return <Loader role="status" aria-label={t('order.myinfo.retrieving')} />;
}

export default function GetStartedPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const roadshow = route.name === 'getStartedNoBill';
  const offer = useOffer();
  const draft = useDraft();
  const [params, setParams] = useSearchParams();
  const attemptId = params.get('checkout');
  const cancelled = params.get('cancelled') === '1';
  const [active, setActive] = useState<number | null>(null);
  const [paymentFailed, setPaymentFailed] = useState<string | null>(null);
  const myinfoCode = params.get('code');
  const myinfoState = params.get('state');
  // The outcome of a MyInfo return lives in the history entry, so it outlasts a remount of the page
  // and the code and state leave the address bar.
  const myinfoNotice = (useLocation().state as { myinfo?: MyinfoNotice } | null)?.myinfo ?? null;
  const myinfoDone = useCallback(
    (notice: MyinfoNotice | null) => navigate(route.path, { replace: true, state: { myinfo: notice } }),
    [route.path],
  );
  // MyInfo sends `error` back when the customer did not consent or it could not serve them.
  const myinfoError = params.get('error');
  useEffect(() => {
    if (myinfoError) myinfoDone({ ok: false, message: OrderMessages.myinfoUnavailable });
  }, [myinfoError, myinfoDone]);

  if (myinfoCode && myinfoState && !myinfoNotice)
    return (
      <Stack>
        <Title order={1} size="h2">
          {pageTitle(route)}
        </Title>
        <MyinfoReturn code={myinfoCode} state={myinfoState} onDone={myinfoDone} />
      </Stack>
    );

  if (attemptId && !cancelled && !paymentFailed)
    return (
      <Stack>
        <Title order={1} size="h2">
          {pageTitle(route)}
        </Title>
        <PaymentReturn attemptId={attemptId} onFailed={setPaymentFailed} />
      </Stack>
    );
  if (offer.isPending || draft.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (offer.isError || draft.isError)
    return <FormError message={(offer.error ?? draft.error)?.message ?? null} />;

  const d = draft.data;
  // 'Retrieved' is no news when the ID number MyInfo gave already has an account: step 3 says so.
  const notice = myinfoNotice?.ok && d.myinfo?.idNumberRegistered ? null : myinfoNotice;
  const step = active ?? firstOpenStep(d);
  const done = firstOpenStep(d);
  const go = (n: number) => {
    setActive(n);
    if (attemptId) setParams({}, { replace: true });
    requestAnimationFrame(() => document.getElementById(`step-${n}`)?.focus());
  };
  const labels = [
    t('order.steps.plan'),
    t('order.steps.numbers'),
    t('order.steps.account'),
    roadshow ? t('order.steps.billing') : t('order.steps.delivery'),
    t('order.steps.summary'),
  ];
  const heading = (n: number) => (
    <Title order={2} size="h3" id={`step-${n}`} tabIndex={-1} mb="md">
      {n + 1} {labels[n]}
    </Title>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      {notice && (
        <Alert
          color={notice.ok ? 'green' : 'red'}
          role={notice.ok ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => myinfoDone(null)}
        >
          {tm(notice.message)}
        </Alert>
      )}
      <Stepper
        active={step}
        onStepClick={(n) => n <= done && go(n)}
        allowNextStepsSelect={false}
        size="sm"
        aria-label={t('order.progress')}
      >
        <Stepper.Step label={labels[0]}>
          {heading(0)}
          <PlanStep offer={offer.data} draft={d} myinfoRef={route.path as MyinfoRef} onDone={() => go(1)} />
        </Stepper.Step>
        <Stepper.Step label={labels[1]}>
          {heading(1)}
          <NumberStep offer={offer.data} draft={d} onBack={() => go(0)} onDone={() => go(2)} />
        </Stepper.Step>
        <Stepper.Step label={labels[2]}>
          {heading(2)}
          <AccountStep
            key={d.myinfo?.retrievedAt ?? 'by-hand'}
            draft={d}
            myinfoRef={route.path as MyinfoRef}
            onBack={() => go(1)}
            onDone={() => go(3)}
          />
        </Stepper.Step>
        <Stepper.Step label={labels[3]}>
          {heading(3)}
          <DeliveryStep
            offer={offer.data}
            draft={d}
            roadshow={roadshow}
            onBack={() => go(2)}
            onDone={() => go(4)}
          />
        </Stepper.Step>
        <Stepper.Step label={labels[4]}>
          {heading(4)}
          <SummaryStep
            onBack={() => go(3)}
            notice={paymentFailed ?? (cancelled ? t('order.paymentCancelled') : null)}
            termsAccepted={!!attemptId}
          />
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}

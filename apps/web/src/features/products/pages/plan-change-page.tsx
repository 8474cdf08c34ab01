import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { formatMoney, formatSgDay, type RouteDef } from '@selfcare/domain';
import type { PlanChange, PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { addResources, t, useTranslation } from '../../../lib/i18n.ts';
import { useCancelPlanChange, usePlanChanges, useSchedulePlanChange } from '../api/plan-changes.ts';
import { lineName } from '../components/line-heading.ts';
import { LineSection } from '../components/line-section.tsx';
import { LoadedPage } from '../components/loaded-page.tsx';
import { productsEn } from '../locales.ts';
import { planChangeEn } from '../plan-change-locales.ts';

addResources('en', 'products', productsEn);
addResources('en', 'planChange', planChangeEn);

type Line = PlanChangeView['lines'][number];

const difference = (cents: number) =>
  cents === 0
    ? t('planChange.difference.same')
    : t(cents > 0 ? 'planChange.difference.more' : 'planChange.difference.less', {
        price: formatMoney(Math.abs(cents)),
      });

/** A scheduled change: what and when, and cancelling it (after a second confirmation). */
function Scheduled({ line, change }: { line: Line; change: PlanChange }) {
  const { t } = useTranslation();
  const cancel = useCancelPlanChange();
  const [asking, setAsking] = useState(false);
  const name = lineName(line);
  return (
    <Stack gap="xs">
      <Text role="status">
        {t('planChange.scheduled', {
          plan: change.toName,
          date: formatSgDay(change.effectiveOn),
          difference: difference(change.differenceCents),
        })}
      </Text>
      {asking ? (
        <>
          <Text size="sm">
            {t('planChange.cancelConfirm', { plan: change.toName, line: name, from: change.fromName })}
          </Text>
          <Group>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(change.id, { onSuccess: (res) => notifySuccess(res.message) })}
            >
              {t('planChange.cancelYes')}
            </Button>
            <Button variant="default" disabled={cancel.isPending} onClick={() => setAsking(false)}>
              {t('planChange.cancelNo')}
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button
            variant="default"
            onClick={() => setAsking(true)}
            aria-label={t('planChange.cancelLabel', { line: name })}
          >
            {t('planChange.cancel')}
          </Button>
        </Group>
      )}
      {cancel.isError && <FormError message={cancel.error.message} />}
    </Stack>
  );
}

/** Choosing a line's new plan: the price difference, then a review that says when it takes effect. */
function ChoosePlan({ line, view }: { line: Line; view: PlanChangeView }) {
  const { t } = useTranslation();
  const schedule = useSchedulePlanChange();
  const [code, setCode] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [missing, setMissing] = useState(false);
  const name = lineName(line);
  const options = view.plans.filter((p) => p.code !== line.planCode);
  const chosen = options.find((p) => p.code === code);
  const date = formatSgDay(view.effectiveOn);
  return (
    <Stack gap="xs">
      <NativeSelect
        label={`${t('planChange.choose')}: ${name}`}
        data={[
          { value: '', label: t('planChange.choosePlaceholder') },
          ...options.map((p) => ({
            value: p.code,
            label: `${p.name} (${formatMoney(p.monthlyCents)} a month)`,
          })),
        ]}
        value={code ?? ''}
        onChange={(e) => {
          setCode(e.currentTarget.value || null);
          setMissing(false);
          setReviewing(false);
        }}
        error={missing ? t('planChange.required') : undefined}
      />
      {chosen && (
        <Text size="sm">
          {chosen.description} {difference(chosen.monthlyCents - line.monthlyCents)}.
        </Text>
      )}
      {reviewing && chosen ? (
        <>
          <Text size="sm">
            {t('planChange.confirmText', {
              line: name,
              from: line.planName,
              to: chosen.name,
              to_price: formatMoney(chosen.monthlyCents),
              date,
            })}
          </Text>
          <Group>
            <Button
              loading={schedule.isPending}
              aria-label={t('planChange.confirmLabel', { line: name })}
              onClick={() =>
                schedule.mutate(
                  { lineId: line.id, planCode: chosen.code },
                  {
                    onSuccess: (res) => {
                      notifySuccess(res.message);
                      setReviewing(false);
                      setCode(null);
                    },
                  },
                )
              }
            >
              {t('planChange.confirm')}
            </Button>
            <Button variant="default" disabled={schedule.isPending} onClick={() => setReviewing(false)}>
              {t('planChange.back')}
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button
            aria-label={t('planChange.reviewLabel', { line: name })}
            onClick={() => (chosen ? setReviewing(true) : setMissing(true))}
          >
            {t('planChange.review')}
          </Button>
        </Group>
      )}
      {schedule.isError && <FormError message={schedule.error.message} />}
    </Stack>
  );
}

/** /manage/planChange: each line's plan, the change waiting for it, or choosing a new one. */
export default function PlanChangePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <LoadedPage route={route} read={usePlanChanges()}>
      {(data) => (
        <Stack>
          <Text>{t('planChange.intro', { date: formatSgDay(data.effectiveOn) })}</Text>
          {data.lines.length === 0 && <Text>{t('planChange.noLines')}</Text>}
          {data.lines.map((line) => {
            const waiting = data.changes.find((c) => c.lineId === line.id && c.state === 'scheduled');
            return (
              <LineSection
                key={line.id}
                line={line}
                subtitle={t('planChange.current', {
                  plan: line.planName,
                  price: formatMoney(line.monthlyCents),
                })}
              >
                {waiting ? (
                  <Scheduled line={line} change={waiting} />
                ) : (
                  <ChoosePlan line={line} view={data} />
                )}
              </LineSection>
            );
          })}
        </Stack>
      )}
    </LoadedPage>
  );
}

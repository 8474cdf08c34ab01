import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { formatMoney, type RouteDef } from '@selfcare/domain';
import type { PlanChange, PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { endedByPlanChange } from '@selfcare/domain/products';
import { type RefObject, useRef, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { t, useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { useCancelPlanChange, usePlanChanges, useSchedulePlanChange } from '../api/plan-changes.ts';
import { focusOnShow, useInlineConfirm } from '../components/inline-confirm.ts';
import { lineName } from '../components/line-heading.ts';
import { LineSection } from '../components/line-section.tsx';
import { LoadedPage } from '../components/loaded-page.tsx';
import '../plan-change-texts.ts';
import '../texts.ts';
import { formatSgDay } from '../../../lib/sg-date.ts';

type Line = PlanChangeView['lines'][number];

const difference = (cents: number) =>
  cents === 0
    ? t('planChange.difference.same')
    : t(cents > 0 ? 'planChange.difference.more' : 'planChange.difference.less', {
        price: formatMoney(Math.abs(cents)),
      });

/**
 * What a part of a line's section works with: the line, and its heading, where the keyboard goes
 * when what it was on is gone (a change scheduled or cancelled shows the other part instead).
 */
interface LinePart {
  line: Line;
  heading: RefObject<HTMLHeadingElement | null>;
}

/**
 * A scheduled change: what and when, and cancelling it (after a second confirmation). The keyboard
 * goes to the question as it shows, back to "Cancel the change" if the change is kept, and to the
 * line's heading once it is cancelled.
 */
function Scheduled({ line, heading, change }: LinePart & { change: PlanChange }) {
  const { t } = useTranslation();
  const cancel = useCancelPlanChange();
  const confirmation = useInlineConfirm(heading);
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
      {confirmation.open ? (
        <>
          <Text size="sm" ref={focusOnShow} tabIndex={-1}>
            {t('planChange.cancelConfirm', { plan: change.toName, line: name, from: change.fromName })}
          </Text>
          <Group>
            <Button
              color="red"
              loading={cancel.isPending}
              aria-label={t('planChange.cancelYesLabel', { line: name })}
              onClick={() =>
                cancel.mutate(change.id, {
                  onSuccess: (res) => {
                    notifySuccess(res.message);
                    confirmation.hide();
                  },
                })
              }
            >
              {t('planChange.cancelYes')}
            </Button>
            <Button
              variant="default"
              disabled={cancel.isPending}
              aria-label={t('planChange.cancelNoLabel', { line: name })}
              onClick={confirmation.hide}
            >
              {t('planChange.cancelNo')}
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button
            ref={confirmation.openerRef}
            variant="default"
            onClick={confirmation.show}
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

/**
 * Choosing a line's new plan: the price difference, then a review that says when it takes effect.
 * The keyboard goes to the review as it shows, back to "Review the change" on Back, and to the line's
 * heading once the change is scheduled.
 */
function ChoosePlan({ line, heading, view }: LinePart & { view: PlanChangeView }) {
  const { t } = useTranslation();
  const schedule = useSchedulePlanChange();
  const [code, setCode] = useState<string | null>(null);
  const review = useInlineConfirm(heading);
  const reviewing = review.open;
  const [missing, setMissing] = useState(false);
  const name = lineName(line);
  const options = view.plans.filter((p) => p.code !== line.planCode);
  const chosen = options.find((p) => p.code === code);
  const date = formatSgDay(view.effectiveOn);
  // What the new plan does not take ends with the change: said before the customer confirms.
  const ending = chosen ? endedByPlanChange(line.addons, chosen.code) : [];
  return (
    <Stack gap="xs">
      <NativeSelect
        label={`${t('planChange.choose')}: ${name}`}
        data={[
          { value: '', label: t('planChange.choosePlaceholder') },
          ...options.map((p) => ({
            value: p.code,
            label: t('planChange.option', { plan: p.name, price: formatMoney(p.monthlyCents) }),
          })),
        ]}
        value={code ?? ''}
        onChange={(e) => {
          setCode(e.currentTarget.value || null);
          setMissing(false);
          review.dismiss();
        }}
        error={missing ? t('planChange.required') : undefined}
      />
      {chosen && (
        <Text size="sm">
          {ownWords(chosen.description, chosen.descriptions)}{' '}
          {difference(chosen.monthlyCents - line.monthlyCents)}.
        </Text>
      )}
      {reviewing && chosen ? (
        <>
          <Text size="sm" ref={focusOnShow} tabIndex={-1}>
            {t('planChange.confirmText', {
              line: name,
              from: line.planName,
              to: chosen.name,
              to_price: formatMoney(chosen.monthlyCents),
              date,
            })}
          </Text>
          {ending.length > 0 && (
            <Text size="sm" fw={500}>
              {t('planChange.addonsEnd', {
                to: chosen.name,
                date,
                addons: ending.map((a) => a.name).join(', '),
              })}
            </Text>
          )}
          <Group>
            <Button
              loading={schedule.isPending}
              aria-label={t('planChange.confirmLabel', { line: name })}
              onClick={() =>
                schedule.mutate(
                  { lineId: line.id, planCode: chosen.code, priceCents: chosen.monthlyCents },
                  {
                    onSuccess: (res) => {
                      notifySuccess(res.message);
                      review.hide();
                      setCode(null);
                    },
                  },
                )
              }
            >
              {t('planChange.confirm')}
            </Button>
            <Button
              variant="default"
              disabled={schedule.isPending}
              aria-label={t('planChange.backLabel', { line: name })}
              onClick={review.hide}
            >
              {t('planChange.back')}
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button
            ref={review.openerRef}
            aria-label={t('planChange.reviewLabel', { line: name })}
            onClick={() => (chosen ? review.show() : setMissing(true))}
          >
            {t('planChange.review')}
          </Button>
        </Group>
      )}
      {schedule.isError && <FormError message={schedule.error.message} />}
    </Stack>
  );
}

/** One line's section: its plan, then the change waiting for it, or choosing a new one. */
function LineChange({ line, data }: { line: Line; data: PlanChangeView }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = data.changes.find((c) => c.lineId === line.id && c.state === 'scheduled');
  return (
    <LineSection
      line={line}
      headingRef={heading}
      subtitle={t('planChange.current', { plan: line.planName, price: formatMoney(line.monthlyCents) })}
    >
      {waiting ? (
        <Scheduled line={line} heading={heading} change={waiting} />
      ) : (
        <ChoosePlan line={line} heading={heading} view={data} />
      )}
    </LineSection>
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
          {data.lines.map((line) => (
            <LineChange key={line.id} line={line} data={data} />
          ))}
        </Stack>
      )}
    </LoadedPage>
  );
}

import { Text, Timeline } from '@mantine/core';
import { templatePattern } from '@selfcare/domain';
import { WRITTEN_DETAILS } from '@selfcare/domain/fulfilment';
import { tm, tmWhole, useTranslation } from '../../lib/i18n.ts';
import { formatSg } from '../../lib/sg-date.ts';

/**
 * A step of a progress: when, and its words. A step the API recorded has its `label` (a domain
 * message, said in the reader's language) and what it names (`detail`); a page's own step, its text.
 * A detail the API wrote in words ('81000001, installation 1 of 2') is said in the reader's language
 * whole; another's parts (the API joins them with ' · ') where they are whole domain words ('Home
 * Delivery · NV-1001': the delivery method is, the tracking code is not); a reason staff typed is
 * shown as typed.
 */
export type ProgressStep = { at: string; text: string; label?: string; detail?: string | null };

const WRITTEN = new Map(
  Object.entries(WRITTEN_DETAILS).map(([label, templates]) => [
    label,
    templates.map((english) => templatePattern(english).pattern),
  ]),
);

/** A step's detail: whole when the API wrote it for this step, else its whole domain words. */
const detailWords = (label: string, detail: string) =>
  WRITTEN.get(label)?.some((pattern) => pattern.test(detail))
    ? tm(detail)
    : detail.split(' · ').map(tmWhole).join(' · ');

/** An order's progress, oldest step first, each with when it happened (Singapore time). */
export function ProgressTimeline({ steps }: { steps: ProgressStep[] }) {
  const { t } = useTranslation();
  const words = (s: ProgressStep) => {
    if (!s.label) return s.text;
    if (!s.detail) return tm(s.label);
    return t('common.step', { label: tm(s.label), detail: detailWords(s.label, s.detail) });
  };
  return (
    <Timeline active={steps.length - 1} bulletSize={16} lineWidth={2}>
      {steps.map((e) => (
        <Timeline.Item key={`${e.at}-${e.text}`} title={words(e)}>
          <Text size="sm" c="dimmed">
            {formatSg(e.at, 'moment')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

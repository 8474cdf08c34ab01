import { Text, Timeline } from '@mantine/core';
import { tm, tmWhole, useTranslation } from '../../lib/i18n.ts';
import { formatSg } from '../../lib/sg-date.ts';

/**
 * A step of a progress: when, and its words. A step the API recorded has its `label` (a domain
 * message, said in the reader's language) and what it names (`detail`); a page's own step, its text.
 * A detail's parts (the API joins them with ' · ') are said in the reader's language where they are
 * whole domain words ('Home Delivery · NV-1001': the delivery method is, the tracking code is not);
 * a reason staff typed is shown as typed.
 */
export type ProgressStep = { at: string; text: string; label?: string; detail?: string | null };

/** An order's progress, oldest step first, each with when it happened (Singapore time). */
export function ProgressTimeline({ steps }: { steps: ProgressStep[] }) {
  const { t } = useTranslation();
  const words = (s: ProgressStep) => {
    if (!s.label) return s.text;
    if (!s.detail) return tm(s.label);
    return t('common.step', { label: tm(s.label), detail: s.detail.split(' · ').map(tmWhole).join(' · ') });
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

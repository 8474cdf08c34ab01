import { Text, Timeline } from '@mantine/core';
import { formatSg } from '../../lib/sg-date.ts';

/** An order's progress, oldest step first, each with when it happened (Singapore time). */
export function ProgressTimeline({ steps }: { steps: { at: string; text: string }[] }) {
  return (
    <Timeline active={steps.length - 1} bulletSize={16} lineWidth={2}>
      {steps.map((e) => (
        <Timeline.Item key={`${e.at}-${e.text}`} title={e.text}>
          <Text size="sm" c="dimmed">
            {formatSg(e.at, 'moment')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

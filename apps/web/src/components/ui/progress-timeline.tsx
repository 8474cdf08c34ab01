import { Text, Timeline } from '@mantine/core';

const when = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

/** An order's progress, oldest step first, each with when it happened (Singapore time). */
export function ProgressTimeline({ steps }: { steps: { at: string; text: string }[] }) {
  return (
    <Timeline active={steps.length - 1} bulletSize={16} lineWidth={2}>
      {steps.map((e) => (
        <Timeline.Item key={`${e.at}-${e.text}`} title={e.text}>
          <Text size="sm" c="dimmed">
            {when.format(new Date(e.at))}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

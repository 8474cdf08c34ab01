import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const received: Record<string, unknown>[] = [];
vi.mock('@mantine/charts', () => ({
  BarChart: (props: Record<string, unknown>) => {
    received.push(props);
    return null;
  },
}));

describe('the daily usage chart', () => {
  it('writes the unit once on the axis and in the tooltip', async () => {
    const { default: DailyChart } = await import('./daily-chart.tsx');
    // What the usage page gave the chart before: the unit as well as a formatter that writes it.
    const before = { unit: ' GB' } as object;
    render(
      <DailyChart
        {...before}
        points={[{ day: '1', value: 0.45 }]}
        series="Data"
        label="Bar chart of data used per day this month, in GB"
        format={(v) => `${v} GB`}
      />,
    );
    const props = received.at(-1) as { unit?: string; valueFormatter: (v: number) => string };
    // Mantine's chart puts `unit` after whatever the formatter wrote: '0.45 GB GB'.
    expect(`${props.valueFormatter(0.45)}${props.unit ?? ''}`).toBe('0.45 GB');
  });
});

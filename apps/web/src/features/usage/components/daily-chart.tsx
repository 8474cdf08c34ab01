import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface DailyPoint {
  /** The day of the month, as the axis shows it. */
  day: string;
  value: number;
}

/**
 * The bars of daily use. Its own module, loaded only when the chart is shown, so that the charting
 * library stays out of every other page. Its contents are one image to assistive technology, named by
 * `label`; the figures themselves are in the table beside it.
 */
export default function DailyChart({
  points,
  series,
  label,
  format,
}: {
  points: DailyPoint[];
  series: string;
  label: string;
  format: (value: number) => string;
}) {
  return (
    <div role="img" aria-label={label}>
      <BarChart
        h={240}
        data={points}
        dataKey="day"
        series={[{ name: 'value', label: series, color: 'violet.7' }]}
        tickLine="y"
        // The formatter writes the unit, on the axis and in the tooltip: the chart's own `unit` prop
        // would add it a second time ('0.45 GB GB').
        valueFormatter={format}
        // As wide as its longest figure: a fixed width breaks '0.45 GB' onto two lines, '0.45' over 'GB'.
        // The figures stay beside their tick marks (the chart's own shift of 10px, which the width does not
        // count, would push them off the left edge).
        yAxisProps={{ width: 'auto', tick: { fontSize: 12, fill: 'currentColor' } }}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}

import {
  Loader,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { BYTES_PER_GB, formatUsage } from '@selfcare/domain';
import { UNIT_OF_KIND, type UsageKind, type UsageLine } from '@selfcare/domain/contracts/usage';
import { Suspense, useEffect, useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { lazy } from '../../../lib/lazy.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { useDailyUsage } from '../api/get-daily.ts';
import { lineName } from '../format.ts';
import '../texts.ts';

const DailyChart = lazy(() => import('./daily-chart.tsx'));
const CHART_HEIGHT = 240;

/**
 * True once the element has come within a screen of the viewport, and from then on: the charting
 * library (its own chunk, the dashboard's largest) loads only for a chart about to be seen.
 */
function useNearViewport<T extends Element>() {
  const [el, setEl] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, near]);
  return [setEl, near] as const;
}

/** A day's use as the bars show it: GB to 2 decimals, whole minutes, SMS; never below 0. */
function chartValue(value: number, kind: UsageKind): number {
  const v = Math.max(0, value);
  if (kind === 'data') return Math.round((v / BYTES_PER_GB) * 100) / 100;
  if (kind === 'voice') return Math.floor(v / 60);
  return Math.floor(v);
}

const AXIS_UNIT: Record<UsageKind, string> = { data: ' GB', voice: ' min', sms: ' SMS' };

/**
 * Local use per day of this month, as bars and as a table for screen readers, with the month's total:
 * of the line chosen among `lines`, or of `line` alone when the page is that line's.
 */
export function DailyUsage({ lines, line: fixedLine }: { lines: UsageLine[]; line?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [chartArea, nearView] = useNearViewport<HTMLDivElement>();
  const [kind, setKind] = useState<UsageKind>('data');
  const [chosenLine, setLine] = useState('');
  const line = fixedLine ?? chosenLine;
  const daily = useDailyUsage(line || undefined);
  const unit = UNIT_OF_KIND[kind];
  const kindLabel = t(`usage.kind.${kind}`);

  let body: React.ReactNode;
  if (daily.isPending) body = <Loader role="status" aria-label={t('common.loading')} />;
  else if (daily.isError) body = <FormError message={daily.error.message} />;
  else if (daily.data.days.length === 0) body = <Text>{t('usage.daily.none')}</Text>;
  else {
    const days = daily.data.days;
    const total = days.reduce((sum, d) => sum + Math.max(0, d[kind]), 0);
    body = (
      <>
        <Text fw={600}>{t(`usage.daily.total.${kind}`, { total: formatUsage(total, unit) })}</Text>
        <div ref={chartArea} style={{ minHeight: CHART_HEIGHT }}>
          {nearView && (
            <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
              <DailyChart
                points={days.map((d) => ({
                  day: String(Number(d.day.slice(8))),
                  value: chartValue(d[kind], kind),
                }))}
                series={kindLabel}
                label={t(`usage.daily.chartLabel.${kind}`)}
                format={(v) => `${v}${AXIS_UNIT[kind]}`}
              />
            </Suspense>
          )}
        </div>
        {/* The figures of the bars, for screen readers; a plain table, as nobody sees it. */}
        <VisuallyHidden>
          <table>
            <caption>{`${t('usage.daily.tableCaption')}: ${kindLabel}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t('usage.daily.day')}</th>
                <th scope="col">{t('usage.daily.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatSg(d.day, 'day')}</th>
                  <td>{formatUsage(d[kind], unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </>
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h4" id={headingId}>
          {t('usage.daily.title')}
        </Title>
        <SegmentedControl
          aria-label={t('usage.daily.show')}
          value={kind}
          onChange={(v) => setKind(v as UsageKind)}
          data={(['data', 'voice', 'sms'] as const).map((k) => ({ value: k, label: t(`usage.kind.${k}`) }))}
          maw={420}
        />
        {fixedLine === undefined && lines.length > 1 && (
          <NativeSelect
            label={t('usage.daily.line')}
            value={line}
            onChange={(e) => setLine(e.currentTarget.value)}
            data={[
              { value: '', label: t('usage.daily.allLines') },
              ...lines.map((l) => ({ value: l.id, label: lineName(l) })),
            ]}
            maw={420}
          />
        )}
        {body}
      </Stack>
    </Paper>
  );
}

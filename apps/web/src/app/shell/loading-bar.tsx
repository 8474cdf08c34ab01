import { PROGRESS_TICK_MS } from '@selfcare/domain';
import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n.ts';
import { useLoading } from '../../lib/loading.ts';

/** A thin bar across the top while any call is in flight; it advances every 200 ms. */
export function LoadingBar() {
  const active = useLoading();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!active) {
      setProgress((p) => (p > 0 ? 100 : 0));
      const done = setTimeout(() => setProgress(0), 300);
      return () => clearTimeout(done);
    }
    setProgress(10);
    const tick = setInterval(() => setProgress((p) => Math.min(90, p + (90 - p) * 0.15)), PROGRESS_TICK_MS);
    return () => clearInterval(tick);
  }, [active]);

  if (progress === 0) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      className="loading-bar"
      style={{ width: `${progress}%` }}
    />
  );
}

import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

/**
 * Where toasts appear, loaded when the first one is asked for: `notify` puts it in the toast store
 * (a few hundred bytes, in the entry chunk), which holds it until the container, its transitions and
 * its styles have arrived. A page that never shows a toast never downloads them.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

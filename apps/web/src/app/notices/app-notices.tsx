import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { offline } from '../../lib/offline.ts';
import { formatSg } from '../../lib/sg-date.ts';
import './texts.ts';

/** How often an open portal asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * A new version of the portal's service worker, installed and waiting for the customer to take it
 * (ADR 0057): it is not swapped in under a form they are filling.
 */
function useWaitingUpdate(): ServiceWorker | null {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let registration: ServiceWorkerRegistration | undefined;
    const seeWaiting = () => {
      // Only a replacement: the first install has nothing to replace.
      if (registration?.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
    };
    const onFound = () => {
      const installing = registration?.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') seeWaiting();
      });
    };
    const check = () => {
      if (document.visibilityState === 'visible') void registration?.update().catch(() => {});
    };
    void navigator.serviceWorker.getRegistration().then((r) => {
      registration = r;
      seeWaiting();
      // One the browser found before this notice was there, still installing.
      if (r?.installing) onFound();
      r?.addEventListener('updatefound', onFound);
    });
    const timer = setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      registration?.removeEventListener('updatefound', onFound);
    };
  }, []);
  return waiting;
}

/** Takes the waiting version: the page reloads once it is in charge (at once, when another tab took it). */
function takeUpdate(waiting: ServiceWorker) {
  if (waiting.state === 'activated' || waiting.state === 'redundant') return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage('take-update');
}

/**
 * Above every signed-in page: that the portal is read without a network, and since when what it shows
 * was saved; and that a new version is ready, with the button that takes it.
 */
export default function AppNotices() {
  const { t } = useTranslation();
  const { online, savedAt } = useSyncExternalStore(offline.subscribe, offline.get);
  const waiting = useWaitingUpdate();
  // Offline, or the API not answering while the browser has a network: either way, say it.
  const stale = !online || savedAt !== null;
  if (!stale && !waiting) return null;
  return (
    <Stack gap="xs" mb="md">
      {stale && (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          title={online ? t('appNotices.unreachable') : t('appNotices.offline')}
        >
          {savedAt
            ? t('appNotices.savedAt', { time: formatSg(savedAt, 'moment') })
            : t('appNotices.needsNetwork')}
        </Alert>
      )}
      {waiting && (
        <Alert color="violet" variant="light" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('appNotices.update')}</Text>
            <Button size="xs" onClick={() => takeUpdate(waiting)}>
              {t('appNotices.reload')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

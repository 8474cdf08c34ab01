/** Whether this browser can receive the portal's notifications: a service worker and Push (ADR 0060). */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * This browser's push subscription, when the portal's service worker has one; null at once when the
 * worker is not registered (a sign-out does not wait for it).
 */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  try {
    return (await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

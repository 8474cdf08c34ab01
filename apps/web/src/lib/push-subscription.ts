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

/**
 * What a sign-out from this browser says of its notifications (ADR 0060): the body naming its push
 * endpoint, so that the server forgets it, and `end`, which ends the subscription once the sign-out
 * is sent (or put off), so that nothing reaches it even if the server never hears.
 */
export async function signOutOfPush() {
  const subscription = await currentPushSubscription();
  return {
    body: subscription ? { pushEndpoint: subscription.endpoint } : null,
    end: async () => {
      await subscription?.unsubscribe().catch(() => false);
    },
  };
}

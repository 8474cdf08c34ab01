/**
 * Registers the portal's service worker (ADR 0057) once the page has loaded, so that its install
 * (the app shell's files) never competes with the first page for the network. A build only: the
 * development server has none.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

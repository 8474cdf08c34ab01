import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@selfcare/domain';
import { t, tm } from '../../lib/i18n.ts';

export type NotifyType = 'info' | 'success' | 'error' | 'warning';
const COLORS: Record<NotifyType, string> = {
  info: 'blue',
  success: 'green',
  error: 'red',
  warning: 'yellow',
};

/** Toasts last 5 seconds and show one at a time: a new one replaces the one on screen. */
export function notify(message: string, type: NotifyType = 'info') {
  notifications.clean();
  notifications.show({
    message: tm(message),
    color: COLORS[type],
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    // The staff console loads none of the portal's chrome: it reads the English.
    closeButtonProps: {
      'aria-label': t('common.closeNotification', { defaultValue: 'Close notification' }),
    },
  });
}

/** Page helpers default to success. */
export const notifySuccess = (message: string) => notify(message, 'success');
export const resetNotifications = () => notifications.clean();

import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear: the component, its transitions and its styles, loaded by ToastHost. */
export default function Toasts() {
  return <Notifications limit={1} position="top-center" />;
}

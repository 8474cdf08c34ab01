import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear. Loaded after the first page is on screen: the toast store (`notify`) is in
 * the entry chunk and keeps what is shown meanwhile; the component and its transitions are not.
 */
export default function Toasts() {
  return <Notifications limit={1} position="top-center" />;
}

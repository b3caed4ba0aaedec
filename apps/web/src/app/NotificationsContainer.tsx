import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_POSITION } from '../lib/notify.ts';

/** Where notifications show (top right); loaded by providers.tsx with the first one. */
export function NotificationsContainer() {
  return <Notifications position={NOTIFICATION_POSITION} limit={5} zIndex={1000} />;
}

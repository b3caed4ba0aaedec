import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { BaseProviders } from './baseProviders.tsx';

// The notifications' container (with its transitions) loads with the first notification, not with the login page.
const NotificationsContainer = lazy(() =>
  import('./NotificationsContainer.tsx').then((m) => ({ default: m.NotificationsContainer })),
);

function NotificationsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Once shown it stays mounted, so that later notifications (and the last one's exit) animate as usual.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}

/**
 * The staff app's providers: the base ones and the notifications (top right). Mantine's modals manager is in the
 * staff layout, which the login does without.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <NotificationsWhenNeeded />
      {children}
    </BaseProviders>
  );
}

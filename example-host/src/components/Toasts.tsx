import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { notificationsProps } from '../config';

// Mantine's toast area (its container, transitions and swipe-to-dismiss) is a chunk of its own: only the admin
// screens show toasts, so the public form never downloads it. `notifications.show()` only writes to Mantine's store,
// which lives in the main chunk and keeps what is shown until the area is there to display it.
const MantineNotifications = lazy(() => import('./notificationsArea'));

/**
 * The host's toast area (top-right below the header, 3000 ms), mounted once the first toast is shown and kept from then on.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Derived once: the first toast mounts the area, which then stays (its exit transitions need it).
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <MantineNotifications {...notificationsProps} classNames={{ root: 'ccq-toasts' }} />
    </Suspense>
  );
}
Toasts.displayName = 'Toasts';

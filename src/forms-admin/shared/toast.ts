import { notifications } from '@mantine/notifications';
import { describeError } from '../../query/describe-error';
import type { Labels } from '../../query/labels';

/** How long a result toast stays (docs/spec.md, Constants and limits: 3000 ms, at top-right). */
export const TOAST_AUTO_CLOSE = 3000;

/**
 * Shows the result of an action that changed data as a toast at top-right for 3000 ms, whatever the host's
 * `Notifications` defaults are. Failures say the server's reason (`describeError`) under what failed.
 */
export const toast = {
  success(message: string): void {
    notifications.show({ message, color: 'green', autoClose: TOAST_AUTO_CLOSE, position: 'top-right' });
  },
  failure(title: string, error: unknown, labels: Labels): void {
    notifications.show({
      title,
      message: describeError(error, labels).message,
      color: 'red',
      autoClose: TOAST_AUTO_CLOSE,
      position: 'top-right',
    });
  },
};

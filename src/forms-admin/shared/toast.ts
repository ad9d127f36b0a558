import { notifications } from '@mantine/notifications';
import { describeError } from '../../query/describe-error';
import type { Labels } from '../../query/labels';

/** How long a result toast stays (docs/spec.md, Constants and limits: 3000 ms, at top-right). */
export const TOAST_AUTO_CLOSE = 3000;

/** What every toast shares: 3000 ms at top-right, and a close button named by the labels (not an empty icon button). */
function common(labels: Pick<Labels, 'closeNotification'>) {
  return {
    autoClose: TOAST_AUTO_CLOSE,
    position: 'top-right' as const,
    closeButtonProps: { 'aria-label': labels.closeNotification },
  };
}

/**
 * Shows the result of an action that changed data as a toast at top-right for 3000 ms, whatever the host's
 * `Notifications` defaults are. Failures say the server's reason (`describeError`) under what failed. Its close button
 * is named `labels.closeNotification`.
 */
export const toast = {
  success(message: string, labels: Pick<Labels, 'closeNotification'>): void {
    notifications.show({ message, color: 'green', ...common(labels) });
  },
  failure(title: string, error: unknown, labels: Labels): void {
    notifications.show({ title, message: describeError(error, labels).message, color: 'red', ...common(labels) });
  },
};

import { useBlocker } from '@tanstack/react-router';
import { ConfirmModal } from '../formsAdmin';

/** Props of {@link LeaveGuard}: whether there is unsaved work, and the screen's own question about leaving it. */
export interface LeaveGuardProps {
  unsaved: boolean;
  title: string;
  message: string;
  /** The confirm button ('Leave'). */
  leave: string;
  /** The cancel button; the modal's default ('Cancel') without it. */
  stay?: string;
}

/**
 * While a screen has unsaved work, a navigation inside the app (the menu, the header, a link) asks first with the
 * screen's own question: 'Leave' goes on, the other button stays. Closing or reloading the page is the screen's to
 * guard (its `beforeunload`), and a screen's own 'Back', which has asked already, navigates with `ignoreBlocker`.
 */
export function LeaveGuard({ unsaved, title, message, leave, stay }: LeaveGuardProps) {
  const leaving = useBlocker({ shouldBlockFn: () => unsaved, enableBeforeUnload: false, withResolver: true });
  return (
    <ConfirmModal
      opened={leaving.status === 'blocked'}
      title={title}
      message={message}
      labels={{ confirm: leave, ...(stay ? { cancel: stay } : {}) }}
      onCancel={() => leaving.reset?.()}
      onConfirm={() => leaving.proceed?.()}
    />
  );
}

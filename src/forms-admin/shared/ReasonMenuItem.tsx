import { Menu, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** Props of {@link ReasonMenuItem}. */
interface ReasonMenuItemProps {
  /** Why the item is not offered now, shown under its text and read as its description; null when it is offered. */
  reason: string | null;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A menu item that says why it is disabled. Disabled the ARIA way (`aria-disabled`, and Mantine's `data-disabled`:
 * drawn as disabled, skipped by the arrow keys, a click does nothing) rather than with `disabled`: a disabled button
 * cannot take the focus, and Mantine's menu, opened with a disabled first item, left the focus on its button, where
 * the arrow keys do not reach the items.
 */
export function ReasonMenuItem({ reason, onClick, children }: ReasonMenuItemProps) {
  const id = useId();
  const blocked = reason !== null;
  return (
    <Menu.Item
      data-disabled={blocked || undefined}
      aria-disabled={blocked || undefined}
      aria-describedby={blocked ? id : undefined}
      onClick={blocked ? undefined : onClick}
    >
      {children}
      {blocked && (
        <Text id={id} size="xs" c="dimmed" maw={260}>
          {reason}
        </Text>
      )}
    </Menu.Item>
  );
}

import { Stack, Text, useProps, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps extends Omit<StackProps, 'title' | 'children'> {
  /** Short bold line, e.g. 'No user groups yet'. */
  title?: ReactNode;
  /** What the empty list means or what to do next. */
  message: ReactNode;
  /** A call to action under the text, e.g. a 'Create group' button. */
  action?: ReactNode;
}

const defaultProps = {} satisfies Partial<EmptyStateProps>;

/** What a list or panel shows when it has nothing to show: text and an optional action, centred, no icon. */
export function EmptyState(props: EmptyStateProps) {
  const { title, message, action, ...others } = useProps('EmptyState', defaultProps, props);

  return (
    <Stack align="center" gap="xs" py="xl" ta="center" data-with-action={action ? true : undefined} {...others}>
      {title && <Text fw={600}>{title}</Text>}
      <Text size="sm">{message}</Text>
      {action && <div>{action}</div>}
    </Stack>
  );
}

EmptyState.displayName = '@ccq/forms-admin/EmptyState';

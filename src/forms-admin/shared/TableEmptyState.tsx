import { Button, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Above the table's scroll area, and taking the pointer: mantine-datatable lays its empty state under the scroll area
 * with `pointer-events: none`, where a button in it (e.g. 'Clear filters') could be seen but not clicked. Its lines are
 * centred and kept off the table's edges, as a sentence that wraps on a narrow screen would otherwise run along the
 * left border.
 */
const ABOVE_THE_TABLE: CSSProperties = { position: 'relative', zIndex: 3, pointerEvents: 'auto', textAlign: 'center', paddingInline: 'var(--mantine-spacing-md)' };

/**
 * A list table's empty text, for mantine-datatable's `emptyState`. The table keeps its empty state mounted (transparent)
 * while rows show or a page loads, where a screen reader still read 'No … match.' after the rows: the text is `hidden`
 * then, and in the accessibility tree only while the table shows it (`shown`: not fetching, no rows).
 */
export function TableEmptyState({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div hidden={!shown} style={ABOVE_THE_TABLE}>
      {children}
    </div>
  );
}

/** Props of {@link TableEmptyMessage}. */
export interface TableEmptyMessageProps {
  /** What the table says ('No form instances match.'). */
  message: ReactNode;
  /** A second line: where rows come from, or what to do. */
  hint?: ReactNode;
  /** One way out ('Clear filters', 'Clear search'), or none. */
  action?: { label: string; onClick: () => void };
  /** At most this many lines of the message (an echoed search can be a long paste). */
  lineClamp?: number;
}

/**
 * The words of a list table's empty state, for {@link TableEmptyState}: the message, a hint and one action, centred,
 * in the page's text colour (the table's own grey is under 4.5:1). Every list screen says its empty table this way.
 */
export function TableEmptyMessage({ message, hint, action, lineClamp }: TableEmptyMessageProps) {
  return (
    <Stack gap={4} align="center">
      <Text size="sm" c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }} lineClamp={lineClamp}>
        {message}
      </Text>
      {hint && (
        <Text size="sm" c="var(--mantine-color-text)">
          {hint}
        </Text>
      )}
      {action && (
        <Button size="compact-sm" variant="default" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

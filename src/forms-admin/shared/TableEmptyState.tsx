import type { ReactNode } from 'react';

/**
 * A list table's empty text, for mantine-datatable's `emptyState`. The table keeps its empty state mounted (transparent)
 * while rows show or a page loads, where a screen reader still read 'No … match.' after the rows: the text is `hidden`
 * then, and in the accessibility tree only while the table shows it (`shown`: not fetching, no rows).
 */
export function TableEmptyState({ shown, children }: { shown: boolean; children: ReactNode }) {
  return <div hidden={!shown}>{children}</div>;
}

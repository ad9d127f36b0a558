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

import { Box, Group, px, Stack, Table, useMantineTheme, type TableProps } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { Fragment, useMemo, type ReactNode, type RefCallback } from 'react';

/** The accessor of a list's row actions column ('Open', 'Delete', …). */
const ACTIONS = 'actions';

/**
 * What a column shows in a row: its `render`, or the value at its accessor (a path such as 'formGroup.name'). Only the
 * column type comes from mantine-datatable: a screen drawing a Mantine `Table` ({@link ColumnsTable}) does not load it.
 */
export function cellContent<T>(column: DataTableColumn<T>, row: T, index: number): ReactNode {
  if (column.render) return column.render(row, index);
  let value: unknown = row;
  for (const key of String(column.accessor).split('.')) value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key];
  return value as ReactNode;
}

/** A column's title (its accessor where it has none). */
function titleOf<T>(column: DataTableColumn<T>): ReactNode {
  return column.title ?? String(column.accessor);
}

/**
 * A list's columns stacked into one: each row's cell holds the first column's content, then every other shown
 * column's title and content as a description list, then the row's actions (the `actions` column). The column keeps
 * the first column's header and sort. Hidden columns stay hidden.
 */
export function stackColumns<T>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] {
  const shown = columns.filter((column) => !column.hidden);
  const [first, ...rest] = shown;
  if (!first || rest.length === 0) return columns;
  const actions = rest.find((column) => column.accessor === ACTIONS);
  const described = rest.filter((column) => column !== actions);
  // The one column wraps and takes the table's width, whatever the first column asked for.
  const { noWrap: _noWrap, ellipsis: _ellipsis, width: _width, ...head } = first;
  return [
    {
      ...head,
      textAlign: 'left',
      render: (row, index) => (
        <Stack gap={6}>
          {/* A long unbroken name ('DynamicFormLinking_GetAllPrimitivePaths') breaks rather than widen the table. */}
          <Box fw={700} style={{ overflowWrap: 'anywhere' }}>
            {cellContent(first, row, index)}
          </Box>
          {described.length > 0 && (
            <Box
              component="dl"
              m={0}
              // The terms' column is at least 7rem wide, so rows whose terms are short ('Result', 'Group') line their
              // values up; a longer term widens its own row's column.
              style={{ display: 'grid', gridTemplateColumns: 'minmax(max-content, 7rem) minmax(0, 1fr)', columnGap: 'var(--mantine-spacing-sm)', rowGap: 4 }}
            >
              {described.map((column) => {
                const content = cellContent(column, row, index);
                // A column with nothing to say for this row (an envelope's expiry once it is closed) is left out.
                if (content === '' || content === null || content === undefined || content === false) return null;
                return (
                  <Fragment key={String(column.accessor)}>
                    <Box component="dt" fw={500}>
                      {titleOf(column)}
                    </Box>
                    <Box component="dd" m={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
                      {content}
                    </Box>
                  </Fragment>
                );
              })}
            </Box>
          )}
          {actions && <Group justify="flex-start">{cellContent(actions, row, index)}</Group>}
        </Stack>
      ),
    },
  ];
}

/** What {@link useNarrowFrame} gives: the ref of the frame to measure, and whether it is narrow. */
export interface NarrowFrame {
  /** The element whose width decides. */
  ref: RefCallback<HTMLDivElement | null>;
  /** Whether the frame is narrower than the theme's `xs` breakpoint. */
  narrow: boolean;
}

/**
 * Whether a frame is narrower than the theme's `xs` breakpoint (a phone held upright, or a narrow column of a host's
 * page), measured on the frame itself rather than the window. False until it is measured (on the server, and in the
 * first render, where nothing is laid out).
 */
export function useNarrowFrame(): NarrowFrame {
  const theme = useMantineTheme();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const limit = px(theme.breakpoints.xs);
  return { ref, narrow: width > 0 && typeof limit === 'number' && width < limit };
}

/** What {@link useStackedColumns} gives: the ref of the list's frame, whether it stacks, and the columns to show. */
export interface StackedColumns<T> {
  /** The element whose width decides: the frame the table fills. */
  ref: RefCallback<HTMLDivElement | null>;
  /** Whether the frame is narrower than the theme's `xs` breakpoint, so the columns are stacked. */
  stacked: boolean;
  columns: DataTableColumn<T>[];
}

/**
 * A list's columns for the width it has: below the theme's `xs` breakpoint (a phone held upright, or a narrow column
 * of a host's page) they are stacked into one ({@link stackColumns}), so every row says all it says without the table
 * scrolling sideways; wider, they are the columns given. Until the frame is measured (on the server, in the first
 * render, where nothing is laid out) the columns are the ones given.
 */
export function useStackedColumns<T>(columns: DataTableColumn<T>[]): StackedColumns<T> {
  const { ref, narrow: stacked } = useNarrowFrame();
  const shown = useMemo(() => (stacked ? stackColumns(columns) : columns), [columns, stacked]);
  return { ref, stacked, columns: shown };
}

/** Props of {@link ColumnsTable}. */
export interface ColumnsTableProps<T> extends Omit<TableProps, 'children'> {
  records: readonly T[];
  /** What tells the rows apart (React's key of each row). */
  rowKey: (record: T, index: number) => string;
  columns: DataTableColumn<T>[];
  /** The width below which the columns scroll sideways inside the frame, until the frame is narrow enough to stack them. */
  minWidth: number;
  /**
   * The first column names its row: its cells are row headers (`th scope="row"`) while the columns are side by side.
   * Stacked, the row's one cell starts with it in bold.
   */
  rowHeader?: boolean;
  /** Data attributes of a row's `tr` (`{ 'data-claim': key }`), for styles and tests that find a row. */
  rowAttributes?: (record: T, index: number) => Record<`data-${string}`, string | undefined>;
}

/**
 * A short table (no paging, no sorting) drawn from the same column descriptions as the lists' `DataTable`, and
 * stacked the same way in a frame narrower than the theme's `xs` breakpoint ({@link useStackedColumns}); wider, a
 * Mantine `Table` of its columns that scrolls sideways inside the frame below `minWidth`. Hidden columns are left out.
 */
export function ColumnsTable<T>({ records, rowKey, columns, minWidth, rowHeader = false, rowAttributes, ...tableProps }: ColumnsTableProps<T>) {
  const stack = useStackedColumns(columns);
  const shown = stack.columns.filter((column) => !column.hidden);
  const table = (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((column) => (
            <Table.Th key={String(column.accessor)} scope="col">
              {titleOf(column)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record, index) => (
          <Table.Tr key={rowKey(record, index)} {...rowAttributes?.(record, index)}>
            {shown.map((column, at) =>
              rowHeader && at === 0 && !stack.stacked ? (
                <Table.Th key={String(column.accessor)} scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {cellContent(column, record, index)}
                </Table.Th>
              ) : (
                <Table.Td key={String(column.accessor)}>{cellContent(column, record, index)}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return <div ref={stack.ref}>{stack.stacked ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>}</div>;
}

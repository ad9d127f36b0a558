import { Box, Group, px, Stack, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { getValueAtPath, humanize, type DataTableColumn } from 'mantine-datatable';
import { Fragment, useMemo, type ReactNode, type RefCallback } from 'react';

/** The accessor of a list's row actions column ('Open', 'Delete', …). */
const ACTIONS = 'actions';

/** What a column shows in a row: its `render`, or the value at its accessor (a path such as 'formGroup.name'). */
export function cellContent<T>(column: DataTableColumn<T>, row: T, index: number): ReactNode {
  return column.render ? column.render(row, index) : (getValueAtPath(row, String(column.accessor)) as ReactNode);
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
        <Stack gap={6} data-stacked-row>
          <Box fw={700}>{cellContent(first, row, index)}</Box>
          {described.length > 0 && (
            <Box
              component="dl"
              m={0}
              style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 'var(--mantine-spacing-sm)', rowGap: 4 }}
            >
              {described.map((column) => {
                const content = cellContent(column, row, index);
                // A column with nothing to say for this row (an envelope's expiry once it is closed) is left out.
                if (content === '' || content === null || content === undefined || content === false) return null;
                return (
                  <Fragment key={String(column.accessor)}>
                    <Box component="dt" fw={500}>
                      {column.title ?? humanize(String(column.accessor))}
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
  const theme = useMantineTheme();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const limit = px(theme.breakpoints.xs);
  const stacked = width > 0 && typeof limit === 'number' && width < limit;
  const shown = useMemo(() => (stacked ? stackColumns(columns) : columns), [columns, stacked]);
  return { ref, stacked, columns: shown };
}

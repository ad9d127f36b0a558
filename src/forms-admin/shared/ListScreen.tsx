import { Button, Group, Stack, TextInput } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { ODataQueryOptions, ODataResult, PropertyName } from '../../api/odata';
import { fillLabel, type Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { ErrorAlert } from '../../ui/ErrorAlert';
import type { PageShellProps } from '../../ui/PageShell';
import { useClaimCheck, type FormsEntity } from './access';
import { isSoftDeletedRow } from '../../domain/odata/deleted-view';
import { DeletedBadge, DeleteConfirmDialog, RowDeleteActions, ShowDeletedToggle } from './DeleteActions';
import { ScreenPage } from './screen';
import { TableEmptyMessage, TableEmptyState } from './TableEmptyState';
import { useDeleteActions, type DeleteActionsController, type DeleteTarget } from './useDeleteActions';
import { useODataPage } from './useODataPage';
import { cellContent, useStackedColumns } from '../../ui/stacked-columns';
import { tablePagingTexts, useServerTable, type ServerTable } from './useServerTable';
import { formatMoment } from '../../labels/format';

/** The class name and style a Styles API part hands to an element. */
export interface StylesPart {
  className?: string;
  style?: React.CSSProperties;
}

/** What a forms list shows: its rows' read, its state and its columns. */
export interface ListScreenBodyProps<T> {
  table: ServerTable<T>;
  result: { data?: ODataResult<T>; isPending: boolean; isFetching: boolean; isError: boolean; error: unknown; refetch(): unknown };
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  /** The list's delete actions: with them, those who may restore get the 'Show deleted' switch. */
  actions?: DeleteActionsController;
  labels: Labels;
  /** The message of a failed read ('Failed to load forms. Please try again.'). */
  failureMessage: string;
  /** The accessible name of the table. */
  tableLabel: string;
  /** The text of an empty list (default: 'Nothing found.'). */
  emptyText?: string;
  /** More controls in the toolbar, after the search box. */
  toolbarExtra?: ReactNode;
  toolbarPart?: StylesPart;
  tablePart?: StylesPart;
}

/**
 * The first column of a list with the 'Deleted' mark after its content on a soft-deleted row ('Show deleted' lists
 * every row; the mark says which are deleted in words, not by a colour alone).
 */
export function withDeletedMark<T>(columns: DataTableColumn<T>[], labels: Labels): DataTableColumn<T>[] {
  const [first, ...rest] = columns;
  if (!first) return columns;
  const content = (row: T, index: number): ReactNode => cellContent(first, row, index);
  return [
    {
      ...first,
      render: (row, index) =>
        isSoftDeletedRow(row as object) ? (
          <Group gap={4} wrap="wrap">
            {content(row, index)}
            <DeletedBadge labels={labels} />
          </Group>
        ) : (
          content(row, index)
        ),
    },
    ...rest,
  ];
}

/**
 * The body every forms list shares: a name search, the 'Show deleted' switch (for those who may restore: every row,
 * the deleted ones marked), and a `DataTable` paged and sorted on the server, or the failure with 'Try again'.
 */
export function ListScreenBody<T>({
  table,
  result,
  columns,
  idAccessor,
  actions,
  labels,
  failureMessage,
  tableLabel,
  emptyText,
  toolbarExtra,
  toolbarPart,
  tablePart,
}: ListScreenBodyProps<T>) {
  const locale = useLocale();
  const records = result.data?.value ?? [];
  const fetching = result.isPending || (result.isFetching && !result.isError);
  const searched = table.search.trim();
  const stack = useStackedColumns(table.showDeleted ? withDeletedMark(columns, labels) : columns);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" {...toolbarPart}>
        <TextInput
          type="search"
          label={labels.searchByName}
          placeholder={labels.searchByNamePlaceholder}
          value={table.search}
          onChange={(event) => table.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="md">
          {toolbarExtra}
          {actions?.access.showDeleted && (
            <ShowDeletedToggle checked={table.showDeleted} onChange={table.setShowDeleted} labels={labels} />
          )}
        </Group>
      </Group>
      {result.isError && !result.data ? (
        <ErrorAlert message={failureMessage} error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />
      ) : (
        <div ref={stack.ref}>
        <DataTable<T>
          aria-label={tableLabel}
          withTableBorder
          borderRadius="sm"
          minHeight={records.length === 0 ? 180 : undefined}
          idAccessor={idAccessor}
          records={records}
          columns={stack.columns}
          fetching={fetching}
          totalRecords={result.data?.['@odata.count'] ?? records.length}
          page={table.page}
          onPageChange={table.setPage}
          recordsPerPage={table.pageSize}
          onRecordsPerPageChange={table.setPageSize}
          sortStatus={table.sortStatus}
          onSortStatusChange={table.setSortStatus}
          {...tablePagingTexts(labels, locale)}
          // The table's own empty text is grey on white below 4.5:1: the same words in the text colour instead.
          emptyState={
            <TableEmptyState shown={records.length === 0 && !fetching}>
              {searched ? (
                // A search that matches nothing says so with the words typed (at most three lines of them: a long paste
                // would push 'Clear search' out of the table), and clears in one step.
                <TableEmptyMessage
                  message={fillLabel(labels.noSearchMatch, { search: searched })}
                  lineClamp={3}
                  action={{ label: labels.clearSearch, onClick: () => table.setSearch('') }}
                />
              ) : (
                <TableEmptyMessage message={emptyText ?? labels.noRecordsFound} />
              )}
            </TableEmptyState>
          }
          {...tablePart}
        />
        </div>
      )}
    </Stack>
  );
}

/** The parts of a list screen that `classNames` / `styles` reach. */
export type ListScreenStylesNames = 'root' | 'toolbar' | 'table' | 'dialog';

/** The class name and style of each part of a list screen (the view's `getStyles`). */
export type ListScreenParts = (part: ListScreenStylesNames) => StylesPart;

/** Props of {@link ListScreenPage}: the list's state, the body's texts and columns, the page's title and buttons, and its parts. */
export interface ListScreenPageProps<T> extends Omit<ListScreenBodyProps<T>, 'toolbarPart' | 'tablePart' | keyof ListScreenController<T>> {
  /** The list's state (its labels, table, page read and delete actions). */
  controller: ListScreenController<T>;
  title: string;
  subtitle: string;
  /** The page's buttons ('Create form'), or undefined. */
  headerActions?: ReactNode;
  /** The class name and style of each part (root, toolbar, table, dialog). */
  getStyles: ListScreenParts;
  /** The view's other Box props, for the page. */
  boxProps?: Omit<PageShellProps, 'title' | 'subtitle' | 'actions' | 'children'>;
  /** More dialogs (the form group editor). */
  children?: ReactNode;
}

/**
 * A whole forms list screen, the same for forms, schemas and groups: the page with its title and buttons, the
 * {@link ListScreenBody}, and the confirmation of 'Delete' and 'Delete permanently'.
 */
export function ListScreenPage<T>({ controller, title, subtitle, headerActions, getStyles, boxProps, children, ...body }: ListScreenPageProps<T>) {
  const { labels, table, result, actions } = controller;
  return (
    <ScreenPage labels={labels} title={title} subtitle={subtitle} actions={headerActions} {...getStyles('root')} {...boxProps}>
      <ListScreenBody<T> {...body} {...{ labels, table, result, actions }} toolbarPart={getStyles('toolbar')} tablePart={getStyles('table')} />
      <DeleteConfirmDialog controller={actions} labels={labels} className={getStyles('dialog').className} />
      {children}
    </ScreenPage>
  );
}

/** What every forms list's state holds: its labels, its table state, its page read and its delete actions. */
export interface ListScreenController<T> {
  labels: Labels;
  table: ServerTable<T>;
  result: ReturnType<typeof useODataPage<T>>;
  actions: DeleteActionsController;
}

/**
 * The state every forms list starts from: its labels (with the screen's overrides), a table sorted by name and
 * searched by name on the server, the page of `entity` it reads (with `shape`: the columns and navigations it shows),
 * its delete actions, and the claim check for its buttons.
 */
export function useListScreen<T>(
  entity: FormsEntity,
  overrides: Partial<Labels> | undefined,
  shape: Pick<ODataQueryOptions<T>, 'select' | 'expand'>,
): ListScreenController<T> & { holds: ReturnType<typeof useClaimCheck>['holds'] } {
  const labels = useLabels(overrides);
  const table = useServerTable<T>({ initialSort: { column: 'name' as PropertyName<T>, direction: 'asc' } });
  const result = useODataPage<T>(entity, { ...table.query, ...shape });
  const actions = useDeleteActions(entity, { labels });
  const { holds } = useClaimCheck();
  return { labels, table, result, actions, holds };
}

/** The 'Last change' column of a list (sortable on the server). */
export function lastChangeColumn<T extends { lastUpdatedDateTime?: Date | string | null }>(labels: Labels, locale?: string): DataTableColumn<T> {
  return { accessor: 'lastUpdatedDateTime', title: labels.columnLastChange, sortable: true, render: (row) => formatMoment(row.lastUpdatedDateTime, locale) };
}

/** A count column of a list (the `@odata.count` of an expanded navigation), 0 when absent. */
export function countColumn<T>(accessor: keyof T & string, title: string): DataTableColumn<T> {
  return { accessor, title, textAlign: 'right', render: (row) => (row[accessor] as number | undefined) ?? 0 };
}

/**
 * The actions column of a list: 'Open' (with `open`), the list's own buttons (`extra`) and the shared delete buttons
 * of the row `target` names (its version, `@odata.etag`, from the row).
 */
export function rowActionsColumn<T extends { '@odata.etag'?: string }>(
  c: ListScreenController<T>,
  target: (row: T) => { id: string; name: string },
  { open, extra }: { open?: (row: T) => void; extra?: (row: T) => ReactNode } = {},
): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: c.labels.rowActions,
    textAlign: 'right',
    render: (row) => (
      <ListRowActions
        onOpen={open && (() => open(row))}
        actions={c.actions}
        target={{ ...target(row), etag: row['@odata.etag'] ?? null }}
        deleted={isSoftDeletedRow(row)}
        labels={c.labels}
      >
        {extra?.(row)}
      </ListRowActions>
    ),
  };
}

/** Props of {@link ListRowActions}. */
export interface ListRowActionsProps {
  /** 'Open' of a live row, when the user may open it; undefined hides it. */
  onOpen?: () => void;
  actions: DeleteActionsController;
  target: DeleteTarget;
  /** Whether the row is soft-deleted (then only 'Restore' and 'Delete permanently'). */
  deleted: boolean;
  labels: Labels;
  /** More buttons of a live row, between 'Open' and 'Delete' ('Edit'). */
  children?: ReactNode;
}

/** A list row's actions: 'Open' and the list's own buttons on a live row, then the shared delete buttons of the row. */
export function ListRowActions({ onOpen, actions, target, deleted, labels, children }: ListRowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onOpen && !deleted && (
        <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.labelFor, { label: labels.open, name: target.name })} onClick={onOpen}>
          {labels.open}
        </Button>
      )}
      {!deleted && children}
      <RowDeleteActions controller={actions} target={target} deleted={deleted} labels={labels} />
    </Group>
  );
}


import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { ODataResult } from '../../api/odata';
import type { Labels } from '../../query/labels';
import { LabelsProvider } from '../../query/useLabels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageShell, type PageShellProps } from '../../ui/PageShell';
import { DeleteConfirmDialog, RowDeleteActions, ShowDeletedToggle } from './DeleteActions';
import type { DeleteActionsController, DeleteTarget } from './useDeleteActions';
import { tablePagingTexts, type ServerTable } from './useServerTable';

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
  /** The text of an empty list (default: 'Nothing found.' or, in the deleted view, 'Nothing is deleted.'). */
  emptyText?: string;
  /** More controls in the toolbar, after the search box. */
  toolbarExtra?: ReactNode;
  toolbarPart?: StylesPart;
  tablePart?: StylesPart;
}

/**
 * The body every forms list shares: a name search, the 'Show deleted' switch (for those who may restore), and a
 * `DataTable` paged and sorted on the server, or the failure with 'Try again'.
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
  const records = result.data?.value ?? [];
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
        <DataTable<T>
          aria-label={tableLabel}
          withTableBorder
          borderRadius="sm"
          minHeight={records.length === 0 ? 180 : undefined}
          idAccessor={idAccessor}
          records={records}
          columns={columns}
          fetching={result.isPending || (result.isFetching && !result.isError)}
          totalRecords={result.data?.['@odata.count'] ?? records.length}
          page={table.page}
          onPageChange={table.setPage}
          recordsPerPage={table.pageSize}
          onRecordsPerPageChange={table.setPageSize}
          sortStatus={table.sortStatus}
          onSortStatusChange={table.setSortStatus}
          {...tablePagingTexts(labels)}
          // The table's own empty text is grey on white below 4.5:1: the same words in the text colour instead.
          emptyState={
            <Text size="sm" c="var(--mantine-color-text)">
              {emptyText ?? (table.showDeleted ? labels.noDeletedRecords : labels.noRecordsFound)}
            </Text>
          }
          {...tablePart}
        />
      )}
    </Stack>
  );
}

/** Props of {@link ListScreenPage}: the body's, the page's title and buttons, and its root and dialog parts. */
export interface ListScreenPageProps<T> extends ListScreenBodyProps<T> {
  title: string;
  subtitle: string;
  /** The page's buttons ('Create form'), or undefined. */
  headerActions?: ReactNode;
  /** The root part's class and style, and the view's other Box props, for the page. */
  rootProps: StylesPart & Omit<PageShellProps, 'title' | 'subtitle' | 'actions' | 'children'>;
  /** The class name of the dialogs (the `dialog` Styles API part). */
  dialogClassName?: string;
  /** More dialogs (the form group editor). */
  children?: ReactNode;
}

/**
 * A whole forms list screen, the same for forms, schemas and groups: the page with its title and buttons, the
 * {@link ListScreenBody}, and the confirmation of 'Delete' and 'Delete permanently'.
 */
export function ListScreenPage<T>({ title, subtitle, headerActions, rootProps, dialogClassName, children, ...body }: ListScreenPageProps<T>) {
  return (
    <LabelsProvider labels={body.labels}>
      <PageShell title={title} subtitle={subtitle} actions={headerActions} {...rootProps}>
        <ListScreenBody<T> {...body} />
        {body.actions && <DeleteConfirmDialog controller={body.actions} labels={body.labels} className={dialogClassName} />}
        {children}
      </PageShell>
    </LabelsProvider>
  );
}

/** Props of {@link ListRowActions}. */
export interface ListRowActionsProps {
  /** 'Open' of a live row, when the user may open it; undefined hides it. */
  onOpen?: () => void;
  actions: DeleteActionsController;
  target: DeleteTarget;
  /** Whether the list shows the deleted rows. */
  deleted: boolean;
  labels: Labels;
  /** More buttons of a live row, between 'Open' and 'Delete' ('Edit'). */
  children?: ReactNode;
}

/** A list row's actions: 'Open' and the list's own buttons on a live row, then the shared delete buttons. */
export function ListRowActions({ onOpen, actions, target, deleted, labels, children }: ListRowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onOpen && !deleted && (
        <Button size="compact-sm" variant="subtle" aria-label={`${labels.open} ${target.name}`} onClick={onOpen}>
          {labels.open}
        </Button>
      )}
      {!deleted && children}
      <RowDeleteActions controller={actions} target={target} deleted={deleted} labels={labels} />
    </Group>
  );
}

/** Formats a date-time of a row for a list ('26 Nov 2026, 00:40'), or '' without one. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

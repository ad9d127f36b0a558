import {
  Box,
  Button,
  Group,
  Input,
  Menu,
  MultiSelect,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  factory,
  useProps,
  type BoxProps,
  type StylesApiProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { createContext, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EnvelopeStatus, FormInstanceStatus } from '../../api/enums';
import { envelopeStatusName } from '../../labels/envelope-status-labels';
import * as odata from '../../api/odata';
import { ODATA_LIMITS } from '../../domain/odata/limits';
import { fillCount, fillNumbers, formatMoment } from '../../labels/format';
import { fillLabel } from '../../query/labels';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { READABLE_FORM_COLORS } from '../../ui/contrast';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { DeletedBadge, DeleteConfirmDialog, RowDeleteActions, ShowDeletedToggle } from '../shared/DeleteActions';
import { InstanceSignature } from '../shared/InstanceSignature';
import { ReasonMenuItem } from '../shared/ReasonMenuItem';
import { ENVELOPE_FILTER_STATUSES } from '../shared/envelope-status';
import { RequestSignatureDialog } from '../SigningList/RequestSignatureDialog';
import { TableEmptyMessage, TableEmptyState } from '../shared/TableEmptyState';
import { useStackedColumns } from '../../ui/stacked-columns';
import { tablePagingTexts } from '../shared/useServerTable';
import { instanceFilterCount, INSTANCE_STATUSES, isInvertedDayRange, NO_INSTANCE_FILTERS } from './instance-filter';
import { InstanceStatusBadge } from '../shared/InstanceStatusBadge';
import { instanceStatusLabel } from '../shared/instance-status';
import {
  instanceName,
  INSTANCE_SEARCH_DEBOUNCE_MS,
  instanceTarget,
  prefetchFormInstanceList,
  useFormInstanceList,
  type FormInstanceListController,
  type FormInstanceListOptions,
  type FormInstanceListRow,
} from './useFormInstanceList';
import { InstanceExportActions } from './ExportActions';
import { answerColumnTitles, answerText, type AnswerField } from './answer-columns';
import { ScreenPage, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import { useLocale } from '../../query/useLocale';
import { FormInstanceSummary } from '../FormInstanceSummary/FormInstanceSummary';

/**
 * The filters' dropdowns are mounted only while open. Mantine's Combobox keeps a closed dropdown mounted (hidden), and
 * each one mounted places itself with floating-ui in a layout effect as the screen first renders: a forced style
 * calculation of the whole new page inside the commit, then a synchronous render again, for dropdowns no one opened.
 */
const CLOSED_DROPDOWN_UNMOUNTED = { keepMounted: false } as const;

/** The inner parts of the Form Instances list that `classNames` / `styles` reach. */
export type FormInstanceListStylesNames = 'root' | 'filters' | 'toolbar' | 'table' | 'dialog';

/** Props of {@link FormInstanceListView}: the controller {@link useFormInstanceList} returned, with Mantine's box and Styles API props. */
export interface FormInstanceListViewProps extends BoxProps, StylesApiProps<FormInstanceListViewFactory> {
  /** What {@link useFormInstanceList} returned. */
  controller: FormInstanceListController;
}

/** Mantine's factory type of {@link FormInstanceListView}: its props, root element and part names, for the Styles API's typing. */
export type FormInstanceListViewFactory = ScreenFactory<FormInstanceListViewProps, FormInstanceListStylesNames>;

/** The signature filter's option for an instance whose signature was never requested (`null` in the filters). */
const NOT_REQUESTED = 'none';

const classes = screenClasses<FormInstanceListStylesNames>('FormInstanceList', ['root', 'filters', 'toolbar', 'table', 'dialog']);

/**
 * The controller, for the row actions: the table's columns do not hold it, so that they stay the same array while the
 * controller changes (every query resolving, every state change). mantine-datatable measures its pinned column again,
 * a forced layout of the page, each time it is given another columns array.
 */
const RowController = createContext<FormInstanceListController | null>(null);

/** A row's actions, with the controller of the screen. */
function RowActionsCell({ row }: { row: FormInstanceListRow }) {
  const c = useContext(RowController);
  return c ? <RowActions c={c} row={row} /> : null;
}

/** The same array while its items are the same (a list rebuilt on every render). */
function useSameItems<T>(items: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(items);
  const same = kept.length === items.length && kept.every((item, i) => item === items[i]);
  if (!same) setKept(items);
  return same ? kept : items;
}

/**
 * A row's '…' button and, once it has been used, its menu. A Mantine `Menu` costs each row a floating-ui position
 * hook, outside-click listeners on the document and a portal that renders again when it mounts; a page of rows paid
 * that on every first render while no one had opened a menu. So the row shows a plain button (the same name,
 * `aria-haspopup` and `aria-expanded` as the menu's target) until it is activated (a click, Enter or Space); then the
 * menu is rendered with that button as its target, the button focused and the menu opened (an update after the mount,
 * so that Mantine records the focused target and gives focus back to it when the menu closes). It stays mounted after.
 */
function RowMenu({ c, row }: { c: FormInstanceListController; row: FormInstanceListRow }) {
  const { labels } = c;
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!armed) return;
    targetRef.current?.focus();
    setOpened(true);
  }, [armed]);
  const target = (
    <Button
      ref={targetRef}
      size="compact-sm"
      variant="subtle"
      aria-label={fillLabel(labels.moreActions, { name: instanceName(row) })}
      disabled={c.busyId !== null}
      {...(armed ? {} : { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: () => setArmed(true) })}
    >
      …
    </Button>
  );
  if (!armed) return target;
  const blocked = c.markCompletedBlock(row);
  const signingBlocked = c.signing.request ? c.signing.requestBlock(row) : null;
  const editBlocked = c.editLinkBlock(row);
  return (
    // No initial-focus placeholder: Mantine's is a focusable role="presentation" div inside role="menu", which axe
    // refuses (aria-required-children); the open menu focuses its first item instead.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {c.can.openViewLink && <Menu.Item onClick={() => c.openViewLink(row)}>{labels.openViewLink}</Menu.Item>}
        {c.can.copyEditLink && (
          <ReasonMenuItem reason={editBlocked} onClick={() => c.copyLink(row, 'edit')}>
            {labels.copyEditLink}
          </ReasonMenuItem>
        )}
        {c.hasFilledPdf(row) && <Menu.Item onClick={() => c.downloadPdf(row)}>{labels.fidDownloadPdf}</Menu.Item>}
        {c.can.copyViewLink && <Menu.Item onClick={() => c.copyLink(row, 'view')}>{labels.copyViewLink}</Menu.Item>}
        <ReasonMenuItem reason={blocked} onClick={() => c.markCompleted(row)}>
          {labels.markCompleted}
        </ReasonMenuItem>
        {c.can.duplicate && <Menu.Item onClick={() => c.duplicate(row)}>{labels.duplicateInstance}</Menu.Item>}
        {c.signing.request && (
          <ReasonMenuItem reason={signingBlocked} onClick={() => c.signing.startRequest(row)}>
            {labels.requestSignatureAction}
          </ReasonMenuItem>
        )}
        {c.signing.linkToSigning && row.envelopeId && <Menu.Item onClick={() => c.signing.openSigning(row)}>{labels.showEnvelopes}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A row's actions: 'Open', the menu of the others, and the shared delete buttons. */
function RowActions({ c, row }: { c: FormInstanceListController; row: FormInstanceListRow }) {
  const { labels } = c;
  const name = instanceName(row);
  const busy = c.busyId === row.formInstanceId;
  const live = row.isDeleted !== true;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {live && c.can.open && (
        <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.labelFor, { label: labels.openInstance, name: name })} loading={busy} disabled={c.busyId !== null && !busy} onClick={() => c.open(row)}>
          {labels.openInstance}
        </Button>
      )}
      {live && <RowMenu c={c} row={row} />}
      <RowDeleteActions controller={c.actions} target={instanceTarget(row)} deleted={!live} labels={labels} />
    </Group>
  );
}

/** What the columns show besides the rows: the texts, whether signing is read, the answer columns chosen. */
interface ColumnsOf {
  labels: FormInstanceListController['labels'];
  signingRead: boolean;
  shown: readonly AnswerField[];
}

function columns({ labels, signingRead, shown }: ColumnsOf, locale: string | undefined): DataTableColumn<FormInstanceListRow>[] {
  const fixedTitles = [
    labels.columnInstance,
    labels.columnInstanceForm,
    labels.columnSchemaVersion,
    labels.columnStatus,
    ...(signingRead ? [labels.columnSignature] : []),
    labels.columnCreated,
    labels.columnUpdated,
    labels.rowActions,
  ];
  const answerTitles = answerColumnTitles(shown, fixedTitles, labels);
  return [
    {
      accessor: 'formInstanceId',
      title: labels.columnInstance,
      // 'Show deleted' lists every row: a deleted one is marked in words.
      render: (row) => (
        // The mark wraps under the id where the column is narrow, never over the next column.
        <Group gap={4} wrap="wrap">
          <Text ff="monospace" size="sm">
            {row.formInstanceId.slice(-8)}
          </Text>
          {row.isDeleted === true && <DeletedBadge labels={labels} />}
        </Group>
      ),
    },
    { accessor: 'form.name', title: labels.columnInstanceForm, render: (row) => row.form?.name ?? '' },
    { accessor: 'formSchema.version', title: labels.columnSchemaVersion, textAlign: 'right', render: (row) => row.formSchema?.version ?? '' },
    {
      accessor: 'status',
      title: labels.columnStatus,
      sortable: true,
      // Never narrower than its name (a cut name reads as another status): see InstanceStatusBadge.
      render: (row) => <InstanceStatusBadge status={row.status} labels={labels} />,
    },
    ...(signingRead
      ? [
          {
            accessor: 'envelopeStatus',
            title: labels.columnSignature,
            render: (row: FormInstanceListRow) => <InstanceSignature instance={row} labels={labels} />,
          } satisfies DataTableColumn<FormInstanceListRow>,
        ]
      : []),
    // The chosen answer columns, in the order chosen; one sorts on the server when its answer has an OData path. Each
    // title is told apart from the list's own columns' and from each other's.
    ...shown.map(
      (field, i): DataTableColumn<FormInstanceListRow> => ({
        accessor: field.odataPath ?? `answer:${field.path}`,
        title: answerTitles[i] ?? field.label,
        sortable: field.odataPath !== null,
        render: (row) => answerText(field, row.data, labels, locale),
      }),
    ),
    { accessor: 'createdDateTime', title: labels.columnCreated, sortable: true, render: (row) => formatMoment(row.createdDateTime, locale) },
    { accessor: 'lastUpdatedDateTime', title: labels.columnUpdated, sortable: true, render: (row) => formatMoment(row.lastUpdatedDateTime, locale) },
    { accessor: 'actions', title: labels.rowActions, textAlign: 'right', render: (row) => <RowActionsCell row={row} /> },
  ];
}

/** One day input of a range: its label, its `YYYY-MM-DD` value (or empty) and what sets it. */
interface DayInput {
  label: string;
  value: string;
  set(value: string): void;
}

/**
 * A 'from' and an 'until' day. Each bounds the other's date picker (`min`, `max`); an 'until' typed before the 'from'
 * is kept as typed, and says under it that no instance can match.
 */
function DayRangeInputs({ from, to, invertedText }: { from: DayInput; to: DayInput; invertedText: string }) {
  const inverted = isInvertedDayRange(from.value, to.value);
  return (
    <>
      <TextInput type="date" label={from.label} value={from.value} max={to.value || undefined} onChange={(e) => from.set(e.currentTarget.value)} />
      <TextInput
        type="date"
        label={to.label}
        value={to.value}
        min={from.value || undefined}
        error={inverted ? fillLabel(invertedText, { from: from.label }) : undefined}
        onChange={(e) => to.set(e.currentTarget.value)}
      />
    </>
  );
}

/**
 * 'Text in the answers': a key draws this box alone (the screen and its table are not drawn again for it); once the
 * typing rests, {@link INSTANCE_SEARCH_DEBOUNCE_MS} after the last key, the text goes to the list, which reads its page
 * in its next render (not after a host's URL has taken it). A text set from elsewhere (a host's URL, 'Clear filters')
 * replaces what was typed.
 */
function AnswersSearchBox({ c }: { c: FormInstanceListController }) {
  const text = c.filters.text;
  const [typed, setTyped] = useState(text);
  const [given, setGiven] = useState(text);
  // The last text this box gave the list: coming back as the list's text, it is no news.
  const [sent, setSent] = useState(text);
  const latest = useRef(c);
  useLayoutEffect(() => {
    latest.current = c;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (given !== text) {
    setGiven(text);
    if (text !== sent) {
      clearTimeout(timer.current);
      setTyped(text);
    }
  }
  const type = (value: string) => {
    setTyped(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSent(value);
      const list = latest.current;
      list.setFilters({ ...list.filters, text: value });
    }, INSTANCE_SEARCH_DEBOUNCE_MS);
  };
  const { labels } = c;
  const locale = useLocale();
  // What was left out of the search (past its words or characters) is said, or the rows would seem to match it all.
  const { searched, typed: words } = odata.typedSearch(text);
  const limits = { terms: ODATA_LIMITS.maxSearchTerms, length: ODATA_LIMITS.maxSearchLength, searched, count: words };
  const leftOut = searched === words ? null : fillNumbers(searched === 0 ? labels.filterAnswersNotSearched : labels.filterAnswersPartly, limits, locale);
  return (
    <TextInput
      type="search"
      label={labels.filterAnswers}
      placeholder={labels.filterAnswersPlaceholder}
      description={leftOut}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={typed}
      onChange={(e) => type(e.currentTarget.value)}
      w={filterWidth(280)}
    />
  );
}

/** A filter box's width: its own on a wide screen, the whole row on a phone (where boxes of mixed widths looked ragged). */
const filterWidth = (px: number) => ({ base: '100%', xs: px });

/** How long typing in an answer filter rests before the list asks the server (ms). */
const ANSWER_FILTER_DEBOUNCE_MS = 250;

/** A typed filter on one answer: shows what is typed at once and filters once typing rests. */
function AnswerFilterInput({ field, value, onChange }: { field: AnswerField; value: string; onChange(value: string): void }) {
  const [typed, setTyped] = useState(value);
  const [rested] = useDebouncedValue(typed, ANSWER_FILTER_DEBOUNCE_MS);
  const [given, setGiven] = useState(value);
  // A value set from elsewhere ('Clear filters', a host's URL) replaces what was typed.
  if (given !== value) {
    setGiven(value);
    setTyped(value);
  }
  useEffect(() => {
    if (rested === typed && rested !== value) onChange(rested);
    // Only a rested text filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rested]);
  return <TextInput type="search" label={field.label} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} w={filterWidth(200)} />;
}

/** The filters on the shown answer columns that filter on the server: a choice or yes / no as a select, else typed. */
function AnswerFilters({ c }: { c: FormInstanceListController }) {
  const filterable = c.answers.shown.filter((field) => field.odataPath !== null);
  if (filterable.length === 0) return null;
  const answers = c.filters.answers ?? {};
  return (
    <div role="group" aria-label={c.labels.answerFilters}>
      <Group gap="sm" align="flex-end">
        {filterable.map((field) => {
          const options = c.answers.filterOptions(field);
          const value = answers[field.path] ?? '';
          return options ? (
            <Select
              comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
              key={field.path}
              label={field.label}
              placeholder={c.labels.filterAny}
              data={options}
              value={value || null}
              onChange={(chosen) => c.setAnswerFilter(field.path, chosen ?? '')}
              clearable
              w={filterWidth(200)}
            />
          ) : (
            <AnswerFilterInput key={field.path} field={field} value={value} onChange={(typed) => c.setAnswerFilter(field.path, typed)} />
          );
        })}
      </Group>
    </div>
  );
}

/** Renders a {@link useFormInstanceList} controller. It renders only; it never fetches. */
export const FormInstanceListView = factory<FormInstanceListViewFactory>((_props) => {
  const props = useProps('FormInstanceList', null, _props);
  const locale = useLocale();
  const { getStyles, others: viewProps } = useScreenStyles<FormInstanceListViewFactory>('FormInstanceList', classes, props);
  const { controller: c, ...others } = viewProps;
  const { labels, filters, result } = c;
  const records = result.data?.value ?? [];
  const fetching = result.isLoading || result.isFetching;
  const shown = useSameItems(c.answers.shown);
  const signingRead = c.signing.read;
  const tableColumns = useMemo(() => columns({ labels, signingRead, shown }, locale), [labels, signingRead, shown, locale]);
  const stack = useStackedColumns(tableColumns);
  const set = (patch: Partial<typeof filters>) => c.setFilters({ ...filters, ...patch });
  const selectable = c.actions.access.delete || (c.showDeleted && c.actions.access.restore);
  // The list or, once one form is chosen, its summary over the same filters (the state's view: a host keeps it).
  const showSummary = c.summary.shown;
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  // Every filter cleared, the answers box too (with any text typed but not rested yet: it is mounted anew).
  const clearFilters = () => {
    setSearchBoxKey((key) => key + 1);
    c.setFilters(NO_INSTANCE_FILTERS);
  };
  const filterCount = instanceFilterCount(filters);
  const filtered = filterCount > 0;
  // On a phone the filters fold away under 'Filters' (with how many are set), so the list is in view; from the xs
  // breakpoint up they always show and the button does not.
  const [filtersShown, setFiltersShown] = useState(false);
  const filtersId = useId();
  const table =
    result.error && !result.data ? (
      <ErrorAlert message={labels.failedToLoadFormInstances} error={result.error} onRetry={result.refetch} retrying={result.isFetching} />
    ) : (
      <RowController.Provider value={c}>
        <div ref={stack.ref}>
        <DataTable<FormInstanceListRow>
          // A new table when the columns stack or unstack: the table keeps the pinning it measured for the columns it had.
          key={stack.stacked ? 'stacked' : 'columns'}
          aria-label={labels.formInstanceListTitle}
          withTableBorder
          borderRadius="sm"
          minHeight={records.length === 0 ? 180 : undefined}
          idAccessor="formInstanceId"
          records={records}
          columns={stack.columns}
          // With answer columns the table may be wider than the page and scroll sideways: the row actions stay in view.
          pinLastColumn={!stack.stacked}
          fetching={fetching}
          totalRecords={result.data?.['@odata.count'] ?? records.length}
          page={c.page}
          onPageChange={c.setPage}
          recordsPerPage={c.pageSize}
          onRecordsPerPageChange={c.setPageSize}
          sortStatus={c.sortStatus}
          onSortStatusChange={c.setSortStatus}
          {...(selectable
            ? {
                selectedRecords: [...c.selected],
                onSelectedRecordsChange: c.setSelected,
                allRecordsSelectionCheckboxProps: { 'aria-label': labels.selectAllRows },
                getRecordSelectionCheckboxProps: (row: FormInstanceListRow) => ({ 'aria-label': fillLabel(labels.selectRow, { name: instanceName(row) }) }),
              }
            : {})}
          {...tablePagingTexts(labels, locale)}
          noRecordsText={labels.noFormInstances}
          // The table's own empty text is grey at 3.3:1: the page's text colour instead.
          emptyState={
            <TableEmptyState shown={records.length === 0 && !fetching}>
              {/* Filters that leave nothing are cleared from here too: on a phone the toolbar's button is screens above. */}
              {filtered || c.showDeleted ? (
                <TableEmptyMessage message={labels.noFormInstances} action={filtered ? { label: labels.clearFilters, onClick: clearFilters } : undefined} />
              ) : (
                <TableEmptyMessage message={labels.noFormInstancesYet} hint={labels.noFormInstancesYetHint} />
              )}
            </TableEmptyState>
          }
          {...getStyles('table')}
          // A selected row in a neutral tint: on the primary tint the red 'Delete permanently' fell under 4.5:1.
          style={{ ...getStyles('table').style, ['--mantine-datatable-selection-color' as string]: 'var(--mantine-color-gray-light)' }}
        />
        </div>
      </RowController.Provider>
    );
  return (
    <ScreenPage
      labels={labels}
      title={labels.formInstanceListTitle}
      subtitle={labels.formInstanceListSubtitle}
      actions={c.can.export ? <InstanceExportActions controller={c} labels={labels} /> : undefined}
      {...getStyles('root')}
      {...others}
    >
      <Stack gap="md">
        {/* Readable error and hint colours (an 'until' day before its 'from' day says so in the error colour). */}
        <Button
          hiddenFrom="xs"
          variant="default"
          aria-expanded={filtersShown}
          aria-controls={filtersId}
          onClick={() => setFiltersShown((shown) => !shown)}
          style={{ alignSelf: 'flex-start' }}
        >
          {filtered ? fillNumbers(labels.instanceFiltersToggleCount, { count: filterCount }, locale) : labels.instanceFiltersToggle}
        </Button>
        <Box
          id={filtersId}
          role="group"
          aria-label={labels.instanceFilters}
          visibleFrom={filtersShown ? undefined : 'xs'}
          {...getStyles('filters', { style: READABLE_FORM_COLORS })}
        >
          {/* Each row's labels and boxes line up at the top, so a box that grows (the answer columns' pills, its hint
              below it) moves nothing beside it. */}
          <Group gap="sm" align="flex-start">
            <Select
              comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
              label={labels.filterForm}
              placeholder={labels.filterAny}
              data={c.forms.map((f) => ({ value: f.formId, label: f.name }))}
              value={filters.formId}
              onChange={(formId) => set({ formId })}
              clearable
              searchable
              w={filterWidth(200)}
            />
            <MultiSelect
              comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
              label={labels.answerColumns}
              placeholder={c.answers.shown.length ? undefined : labels.answerColumnsPlaceholder}
              description={c.answers.available ? undefined : labels.answerColumnsNeedForm}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              // The hint in the page's text colour: Mantine's dimmed grey falls under 4.5:1 at this size.
              styles={{ description: { color: 'var(--mantine-color-text)' } }}
              data={c.answers.fields.map((f) => ({ value: f.path, label: f.label }))}
              value={c.answers.shown.map((f) => f.path)}
              onChange={c.answers.setShown}
              disabled={!c.answers.available || c.answers.loading}
              searchable
              clearable
              w={filterWidth(280)}
            />
            {c.groups.length > 0 && (
              <Select
                comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
                label={labels.filterGroup}
                placeholder={labels.filterAny}
                data={c.groups.map((g) => ({ value: g.formGroupId, label: g.name }))}
                value={filters.formGroupId}
                onChange={(formGroupId) => set({ formGroupId })}
                clearable
                searchable
                w={filterWidth(200)}
              />
            )}
            <MultiSelect
              comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
              label={labels.filterStatus}
              placeholder={filters.statuses.length ? undefined : labels.filterAny}
              data={INSTANCE_STATUSES.map((status) => ({ value: String(status), label: instanceStatusLabel(status, labels) }))}
              value={filters.statuses.map(String)}
              onChange={(values) => set({ statuses: values.map((v) => Number(v) as FormInstanceStatus) })}
              clearable
              w={filterWidth(240)}
            />
            {c.signing.read && (
              <MultiSelect
                comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
                label={labels.filterSignature}
                placeholder={filters.signatures?.length ? undefined : labels.filterAny}
                data={[
                  { value: NOT_REQUESTED, label: labels.signatureNotRequested },
                  ...ENVELOPE_FILTER_STATUSES.map((status) => ({ value: String(status), label: envelopeStatusName(status, labels) })),
                ]}
                value={(filters.signatures ?? []).map((s) => (s === null ? NOT_REQUESTED : String(s)))}
                onChange={(values) => set({ signatures: values.map((v) => (v === NOT_REQUESTED ? null : (Number(v) as EnvelopeStatus))) })}
                clearable
                w={filterWidth(240)}
              />
            )}
            <DayRangeInputs
              from={{ label: labels.filterCreatedFrom, value: filters.createdFrom, set: (createdFrom) => set({ createdFrom }) }}
              to={{ label: labels.filterCreatedTo, value: filters.createdTo, set: (createdTo) => set({ createdTo }) }}
              invertedText={labels.filterRangeInverted}
            />
            <DayRangeInputs
              from={{ label: labels.filterUpdatedFrom, value: filters.updatedFrom, set: (updatedFrom) => set({ updatedFrom }) }}
              to={{ label: labels.filterUpdatedTo, value: filters.updatedTo, set: (updatedTo) => set({ updatedTo }) }}
              invertedText={labels.filterRangeInverted}
            />
            {/* Cleared anew by 'Clear filters', with any text typed but not rested yet. */}
            <AnswersSearchBox key={searchBoxKey} c={c} />
            {/* Level with the boxes, not with the hint a box may have below it: under an empty label as theirs (on a phone,
                where it has a row of its own, without one). */}
            <Input.Wrapper label={'\u00a0'} labelElement="div" labelProps={{ 'aria-hidden': true, visibleFrom: 'xs' }}>
              <Button variant="subtle" px="xs" display="block" onClick={clearFilters}>
                {labels.clearFilters}
              </Button>
            </Input.Wrapper>
          </Group>
          <AnswerFilters c={c} />
        </Box>
        <Group justify="space-between" gap="sm" {...getStyles('toolbar')}>
          <Group gap="sm">
            {c.selected.length > 0 && (
              <>
                <Text size="sm" aria-live="polite">
                  {fillCount(labels.selectedCount, labels.selectedCountOne, c.selected.length, locale)}
                </Text>
                {c.bulk.deletable.length > 0 && c.actions.access.delete && (
                  <Button size="compact-sm" color="red" variant="light" onClick={c.bulk.requestDelete} disabled={c.bulk.running}>
                    {labels.deleteSelected}
                  </Button>
                )}
                {c.bulk.restorable.length > 0 && c.actions.access.restore && (
                  <Button size="compact-sm" variant="light" onClick={c.bulk.restore} loading={c.bulk.running}>
                    {labels.restoreSelected}
                  </Button>
                )}
              </>
            )}
          </Group>
          {c.actions.access.showDeleted && <ShowDeletedToggle checked={c.showDeleted} onChange={c.setShowDeleted} labels={labels} />}
        </Group>
        {c.summary.available ? (
          <Tabs value={showSummary ? 'summary' : 'instances'} onChange={(next) => c.summary.show(next === 'summary')} keepMounted={false}>
            <Tabs.List aria-label={labels.fisTabsLabel}>
              <Tabs.Tab value="instances">{labels.fisTabInstances}</Tabs.Tab>
              <Tabs.Tab value="summary">{labels.fisTabSummary}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="instances" pt="sm">
              {table}
            </Tabs.Panel>
            <Tabs.Panel value="summary" pt="sm">
              <FormInstanceSummary query={c.summary.query} labels={labels} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          table
        )}
      </Stack>
      <DeleteConfirmDialog controller={c.actions} labels={labels} className={getStyles('dialog').className} />
      <ConfirmModal
        opened={c.bulk.confirmation !== null}
        title={fillCount(labels.bulkDeleteTitle, labels.bulkDeleteTitleOne, c.bulk.confirmation?.count ?? 0, locale)}
        message={labels.softDeleteMessage}
        onConfirm={c.bulk.confirm}
        onCancel={c.bulk.cancel}
        loading={c.bulk.running}
        labels={{ confirm: labels.delete, cancel: labels.cancel, close: labels.close }}
        className={getStyles('dialog').className}
      />
      {c.signing.request && (
        <RequestSignatureDialog
          // A dialog per instance: its signers and message start afresh for each row, the first signer from the row's
          // answers once they are read, or, sent again after a decline or a void, the earlier request's signers.
          key={c.signing.requesting?.formInstanceId ?? 'none'}
          opened={c.signing.requesting !== null}
          labels={labels}
          instance={
            c.signing.requesting
              ? {
                  formInstanceId: c.signing.requesting.formInstanceId,
                  formName: c.signing.requesting.form?.name ?? null,
                  status: c.signing.requesting.status,
                  suggestedSigner: c.signing.suggestedSigner,
                }
              : undefined
          }
          again={c.signing.earlierRequest}
          onClose={c.signing.cancelRequest}
          onSubmit={c.signing.submitRequest}
          className={getStyles('dialog').className}
        />
      )}
    </ScreenPage>
  );
});
FormInstanceListView.displayName = '@ccq/forms-admin/FormInstanceListView';

/** Props of {@link FormInstanceList}: the options of {@link useFormInstanceList} and the props of {@link FormInstanceListView} but its controller. */
export interface FormInstanceListProps extends FormInstanceListOptions, Omit<FormInstanceListViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormInstanceList}: its props, root element and part names, for the Styles API's typing. */
export type FormInstanceListFactory = ScreenFactory<FormInstanceListProps, FormInstanceListStylesNames>;

/** The props of {@link FormInstanceList} its controller hook reads. */
const FORM_INSTANCE_LIST_OPTIONS = optionKeys<FormInstanceListOptions>()(
  'onOpen',
  'onOpenInstance',
  'onOpenSigning',
  'labels',
  'state',
  'onStateChange',
  'answerColumns',
  'onAnswerColumnsChange',
  'userKey',
);

/**
 * The Form Instances screen (the Form Instances menu): every form instance, paged, sorted and counted on the server,
 * filtered by form, group, status, created and updated days and words in the answers; per row 'Open' (the instance's
 * page through `onOpenInstance`; without it, the visitor's view link in a new tab), 'Open view link' (with
 * `onOpenInstance`), 'Download filled PDF' (a form made from a PDF), 'Copy edit link', 'Copy view link', 'Mark completed' (staff, a Submitted instance), 'Duplicate' and 'Delete';
 * under 'Show deleted' 'Restore' and 'Delete permanently'; bulk 'Delete' and 'Restore' of the selected rows; 'Export
 * CSV' and 'Export Excel' of every filtered row (repeatable sections by rows or by columns, as chosen). With
 * Signing_AllowRead (the Signing screen's read claim), a 'Signature' column shows the status of each instance's latest
 * envelope, and rows offer 'Request signature' (with a claim that requests one) and
 * 'Show its envelopes' (with `onOpenSigning` and a claim that lists envelopes). Router-free: the host may route `onOpenInstance`, `onOpen` and `onOpenSigning`.
 */
export const FormInstanceList = Object.assign(
  factory<FormInstanceListFactory>((props) => {
    const { controller, viewProps } = useScreenController('FormInstanceList', props, FORM_INSTANCE_LIST_OPTIONS, useFormInstanceList);
    return <FormInstanceListView controller={controller} {...viewProps} />;
  }),
  {
    /**
     * Starts reading the page the list will show for a state into the query cache (see `prefetchFormInstanceList`):
     * a host calls it as the list's route is entered, so the read runs beside the sign-in and admin checks.
     */
    prefetch: prefetchFormInstanceList,
  },
);
FormInstanceList.displayName = '@ccq/forms-admin/FormInstanceList';

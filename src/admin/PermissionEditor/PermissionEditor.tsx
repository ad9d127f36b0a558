import {
  Box,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { createContext, memo, useContext, type CSSProperties } from 'react';
import { ClaimTypeFlags } from '../../api/enums';
import { fillLabel, type Labels } from '../../query/labels';
import { LabelsProvider, useLabels } from '../../query/useLabels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { isDenied } from '../shared/access';
import { ServerMultiSelect } from '../shared/ServerPicker';
import { LoadingState } from '../../ui/LoadingState';
import { NothingFound } from '../../ui/NothingFound';
import { useNarrowFrame } from '../../ui/stacked-columns';
import type { CatalogueEntry } from './permission-model';
import {
  usePermissionEditor,
  type PermissionCategoryView,
  type PermissionEditorController,
  type PermissionEditorOptions,
  type PermissionRowView,
} from './usePermissionEditor';

/** The inner parts of the permission editor that `classNames` / `styles` reach. */
export type PermissionEditorStylesNames =
  | 'root'
  | 'claimGroups'
  | 'categories'
  | 'search'
  | 'category'
  | 'permissions';

/** Props of {@link PermissionEditorView}: the controller {@link usePermissionEditor} returned, with Mantine's box and Styles API props. */
export interface PermissionEditorViewProps
  extends BoxProps,
    StylesApiProps<PermissionEditorViewFactory> {
  /** What {@link usePermissionEditor} returned. */
  editor: PermissionEditorController;
  /**
   * Heading level of the parts.
   * @default 3
   */
  headingOrder?: 2 | 3 | 4 | 5;
}

/** Mantine's factory type of {@link PermissionEditorView}: its props, root element and part names, for the Styles API's typing. */
export type PermissionEditorViewFactory = Factory<{
  props: PermissionEditorViewProps;
  ref: HTMLDivElement;
  stylesNames: PermissionEditorStylesNames;
}>;

const viewDefaultProps = { headingOrder: 3 } satisfies Partial<PermissionEditorViewProps>;

// Static class names (no stylesheet ships): hosts target `.ccq-PermissionEditor-category` or use `classNames`.
const classes: Record<PermissionEditorStylesNames, string> = {
  root: 'ccq-PermissionEditor-root',
  claimGroups: 'ccq-PermissionEditor-claimGroups',
  categories: 'ccq-PermissionEditor-categories',
  search: 'ccq-PermissionEditor-search',
  category: 'ccq-PermissionEditor-category',
  permissions: 'ccq-PermissionEditor-permissions',
};

// Mantine's dimmed description colour fails WCAG AA contrast at its small size in both schemes.
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-text)' } };
// Its error red (red.6) fails it on white too: a darker red in light, a lighter one in dark.
const READABLE_PRIORITY = {
  ...READABLE_DESCRIPTION,
  error: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' },
};
// Claim keys are long words without spaces (DynamicFormLinking_GetAllPrimitivePaths): let them break anywhere
// rather than run out of their box, and let the box shrink below its content's width inside the grid.
const WRAPPING_CHECKBOX = {
  ...READABLE_DESCRIPTION,
  body: { minWidth: 0 },
  labelWrapper: { minWidth: 0 },
  label: { overflowWrap: 'anywhere' as const },
};

const CLAIM_TYPE_FILTER: readonly { flag: number; label: 'serverClaims' | 'uxClaims' | 'tableClaims' }[] = [
  { flag: ClaimTypeFlags.ServerClaim, label: 'serverClaims' },
  { flag: ClaimTypeFlags.UXClaim, label: 'uxClaims' },
  { flag: ClaimTypeFlags.TableClaim, label: 'tableClaims' },
];

interface ClaimCheckboxProps {
  entry: CatalogueEntry;
  claimKey: string;
  description?: string;
  checked: boolean;
  readOnly: boolean;
  onToggle: PermissionEditorController['toggle'];
}

// Memoised: with a stable `onToggle`, ticking one claim redraws that box, not every box of every category.
const ClaimCheckbox = memo(function ClaimCheckbox({ entry, claimKey, description, checked, readOnly, onToggle }: ClaimCheckboxProps) {
  return (
    <Checkbox
      label={claimKey}
      description={description}
      styles={WRAPPING_CHECKBOX}
      checked={checked}
      disabled={readOnly}
      onChange={(e) => onToggle([entry], e.currentTarget.checked)}
    />
  );
});

interface CategoryFieldsetProps {
  category: PermissionCategoryView;
  readOnly: boolean;
  onToggle: PermissionEditorController['toggle'];
  className: string;
  style: CSSProperties;
}

/** Whether two views of a category show the same: its name, its select-all and each box as before. */
function sameCategoryView(a: PermissionCategoryView, b: PermissionCategoryView): boolean {
  if (a === b) return true;
  if (
    a.id !== b.id ||
    a.name !== b.name ||
    a.selectAllLabel !== b.selectAllLabel ||
    a.allChecked !== b.allChecked ||
    a.someChecked !== b.someChecked ||
    a.entries.length !== b.entries.length
  )
    return false;
  return a.entries.every((e, i) => {
    const other = b.entries[i];
    return (
      other !== undefined &&
      e.entry === other.entry &&
      e.key === other.key &&
      e.description === other.description &&
      e.checked === other.checked
    );
  });
}

/** Whether two style objects have the same properties with the same values. */
function sameStyle(a: CSSProperties | undefined, b: CSSProperties | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as (keyof CSSProperties)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

// Memoised on what the category shows (the controller builds its views afresh on each render): ticking one box
// redraws its own category, not every category of the catalogue.
const CategoryFieldset = memo(
  function CategoryFieldset({ category, readOnly, onToggle, className, style }: CategoryFieldsetProps) {
    return (
      <Fieldset legend={category.name} data-category={category.id} miw={0} className={className} style={style}>
        <Stack gap={6}>
          <Checkbox
            label={category.selectAllLabel}
            checked={category.allChecked}
            indeterminate={category.someChecked}
            disabled={readOnly}
            onChange={() => onToggle(category.entries.map((e) => e.entry), !category.allChecked)}
            fw={600}
            styles={WRAPPING_CHECKBOX}
          />
          {category.entries.map((entry) => (
            <ClaimCheckbox
              key={entry.value}
              entry={entry.entry}
              claimKey={entry.key}
              description={entry.description}
              checked={entry.checked}
              readOnly={readOnly}
              onToggle={onToggle}
            />
          ))}
        </Stack>
      </Fieldset>
    );
  },
  (a, b) =>
    a.readOnly === b.readOnly &&
    a.onToggle === b.onToggle &&
    a.className === b.className &&
    sameStyle(a.style, b.style) &&
    sameCategoryView(a.category, b.category),
);

/** What every row of the selected-permissions table shares: its limits, texts and change handlers. */
interface PermissionRowShared {
  /** The frame is narrow: each row holds its name, then its priority and allow switch under it, labelled. */
  stacked: boolean;
  readOnly: boolean;
  min: number;
  max: number;
  labels: Labels;
  onPriority: (claimValue: number, next: number | string) => void;
  onAllow: (claimValue: number, allow: boolean) => void;
}
interface PermissionRowProps extends PermissionRowView, PermissionRowShared {}

// Memoised: with stable callbacks, editing one priority redraws one row, not every selected permission.
const PermissionRow = memo(function PermissionRow({
  claimValue,
  claimKey,
  description,
  priority,
  priorityError,
  allow,
  stacked,
  readOnly,
  min,
  max,
  labels,
  onPriority,
  onAllow,
}: PermissionRowProps) {
  const name = (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {claimKey}
      </Text>
      {description && <Text size="xs">{description}</Text>}
    </>
  );
  const priorityInput = (
    <NumberInput
      // Stacked, the input shows its column's title above it; its accessible name still says whose priority it is.
      label={stacked ? labels.priority : undefined}
      aria-label={fillLabel(labels.priorityOf, { key: claimKey })}
      description={fillLabel(labels.priorityRange, { min, max })}
      value={priority ?? ''}
      min={min}
      max={max}
      // Whatever is typed stays as typed ('2000', '-5', '1.5'), marked with the range it must be in: a clamp or a
      // refused key would change the number without a word.
      clampBehavior="none"
      required
      error={priorityError}
      readOnly={readOnly}
      styles={READABLE_PRIORITY}
      w={stacked ? 170 : undefined}
      onChange={(next) => onPriority(claimValue, next)}
    />
  );
  const allowSwitch = (
    <Switch
      label={stacked ? labels.allow : undefined}
      aria-label={fillLabel(labels.allowKey, { key: claimKey })}
      checked={allow}
      disabled={readOnly}
      onChange={(e) => onAllow(claimValue, e.currentTarget.checked)}
    />
  );
  return (
    <Table.Tr data-denied={!allow || undefined}>
      {stacked ? (
        <Table.Td>
          {name}
          <Group align="flex-end" gap="lg" mt="xs">
            {priorityInput}
            {/* Level with the input's box, under its label and description. */}
            <Box pb={8}>{allowSwitch}</Box>
          </Group>
        </Table.Td>
      ) : (
        <>
          <Table.Td>{name}</Table.Td>
          <Table.Td>{priorityInput}</Table.Td>
          <Table.Td>{allowSwitch}</Table.Td>
        </>
      )}
    </Table.Tr>
  );
});

/** What the rows of the individual permissions need, handed to them past the table (see {@link PermissionTable}). */
interface PermissionRowsValue extends PermissionRowShared {
  rows: readonly PermissionRowView[];
}

const PermissionRowsContext = createContext<PermissionRowsValue | null>(null);

/** The rows of the selected permissions, each memoised: a change redraws the rows it touches. */
function PermissionRows() {
  const value = useContext(PermissionRowsContext);
  if (!value) return null;
  const { rows, ...shared } = value;
  return rows.map((row) => <PermissionRow key={row.claimValue} {...row} {...shared} />);
}

/**
 * The table of the selected permissions. Mantine's table hands a new context to its rows and cells whenever it
 * renders, which redraws every cell of every row; this component depends on the texts alone, and its rows come
 * through {@link PermissionRowsContext}, so adding, removing or editing a permission redraws the rows (each memoised)
 * and not the table.
 */
const PermissionTable = memo(function PermissionTable({ labels, stacked }: { labels: Labels; stacked: boolean }) {
  // In a frame narrower than the theme's xs breakpoint the columns stack into each row, so the allow switch is
  // reached without scrolling the table sideways.
  const table = (
    <Table verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{labels.permission}</Table.Th>
          {!stacked && (
            <>
              <Table.Th w={170}>{labels.priority}</Table.Th>
              <Table.Th w={80}>{labels.allow}</Table.Th>
            </>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <PermissionRows />
      </Table.Tbody>
    </Table>
  );
  return stacked ? table : <Table.ScrollContainer minWidth={420}>{table}</Table.ScrollContainer>;
});

/**
 * Renders a {@link usePermissionEditor} controller: claim groups (when offered), permission categories with the
 * claim-type filter, the search box and a select-all each, and the individual selected permissions with priority and
 * allow flag. It renders only; it never fetches.
 */
export const PermissionEditorView = factory<PermissionEditorViewFactory>((_props) => {
  const props = useProps('PermissionEditor', viewDefaultProps, _props);
  const { editor, headingOrder, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<PermissionEditorViewFactory>({
    name: 'PermissionEditor',
    classes,
    props,
    className,
    style,
    classNames,
    styles,
    unstyled,
    vars,
    attributes,
  });
  const { labels, claimGroups, categories, rows } = editor;
  const frame = useNarrowFrame();
  const categoriesId = useId();
  const individualId = useId();
  const readOnly = isDenied(editor.claimsAccess);

  return (
    <Box {...getStyles('root')} data-read-only={readOnly || undefined} {...others}>
      <Stack gap="xl">
        {claimGroups && (
          claimGroups.source ? (
            <ServerMultiSelect
              {...getStyles('claimGroups')}
              label={claimGroups.label}
              source={claimGroups.source}
              labelOf={claimGroups.labelOf}
              value={claimGroups.value}
              onChange={claimGroups.onChange}
              readOnly={isDenied(claimGroups.access)}
              searchable
              clearable={!isDenied(claimGroups.access)}
              hidePickedOptions
              nothingFoundMessage={<NothingFound>{labels.noRecordsFound}</NothingFound>}
            />
          ) : (
            <MultiSelect
              {...getStyles('claimGroups')}
              label={claimGroups.label}
              data={claimGroups.options.map((o) => ({ value: o.value, label: o.label }))}
              value={[...claimGroups.value]}
              onChange={claimGroups.onChange}
              readOnly={isDenied(claimGroups.access)}
              searchable
              clearable={!isDenied(claimGroups.access)}
              hidePickedOptions
              nothingFoundMessage={<NothingFound>{labels.noRecordsFound}</NothingFound>}
            />
          )
        )}

        <Stack component="section" aria-labelledby={categoriesId} gap="sm" {...getStyles('categories')}>
          <Title order={headingOrder} size="h4" id={categoriesId}>
            {labels.permissionCategories}
          </Title>
          <Group align="flex-end" gap="lg" wrap="wrap">
            <Checkbox.Group
              label={labels.claimTypes}
              value={editor.claimTypes.checked.map(String)}
              onChange={(types) => editor.claimTypes.set(types.reduce((flags, t) => flags | Number(t), 0))}
            >
              <Group gap="md" mt={4}>
                {CLAIM_TYPE_FILTER.map(({ flag, label }) => (
                  <Checkbox key={flag} value={String(flag)} label={labels[label]} />
                ))}
              </Group>
            </Checkbox.Group>
            <TextInput
              {...getStyles('search')}
              type="search"
              label={labels.searchPermissions}
              placeholder={labels.searchPermissionsPlaceholder}
              value={editor.search.value}
              onChange={(e) => editor.search.set(e.currentTarget.value)}
              miw={0}
              style={{ flex: '1 1 14rem', ...getStyles('search').style }}
              maw={360}
            />
          </Group>
          {categories.status === 'no-type' ? (
            <Text size="sm">{labels.noClaimTypeSelected}</Text>
          ) : categories.status === 'error' ? (
            <ErrorAlert message={labels.failedToLoadClaims} onRetry={categories.retry} retrying={categories.retrying} />
          ) : categories.status === 'loading' ? (
            <LoadingState labels={{ label: labels.loadingClaims }} />
          ) : categories.noMatch ? (
            <Text size="sm" role="status">
              {categories.noMatchMessage}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {categories.list.map((category) => (
                <CategoryFieldset
                  key={category.id}
                  category={category}
                  readOnly={readOnly}
                  onToggle={editor.toggle}
                  {...getStyles('category')}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>

        <Stack component="section" aria-labelledby={individualId} gap="sm" {...getStyles('permissions')}>
          <Title order={headingOrder} size="h4" id={individualId}>
            {labels.individualPermissions}
          </Title>
          {editor.catalogue.isError && (
            <ErrorAlert
              message={labels.failedToLoadPermissions}
              onRetry={editor.catalogue.retry}
              retrying={editor.catalogue.retrying}
            />
          )}
          <div ref={frame.ref}>
            {rows.length === 0 ? (
              <Text size="sm">{labels.noPermissionsSelected}</Text>
            ) : editor.catalogue.loading ? (
              <LoadingState labels={{ label: labels.loadingClaims }} />
            ) : (
              <PermissionRowsContext.Provider
                value={{
                  rows,
                  stacked: frame.narrow,
                  readOnly,
                  min: editor.priorityRange.min,
                  max: editor.priorityRange.max,
                  labels,
                  onPriority: editor.setPriority,
                  onAllow: editor.setAllow,
                }}
              >
                <PermissionTable labels={labels} stacked={frame.narrow} />
              </PermissionRowsContext.Provider>
            )}
          </div>
        </Stack>
      </Stack>
    </Box>
  );
});

PermissionEditorView.displayName = '@ccq/forms-admin/PermissionEditorView';

/** Props of {@link PermissionEditor}. */
export interface PermissionEditorProps
  extends Omit<PermissionEditorOptions, 'labels'>,
    Omit<PermissionEditorViewProps, 'editor'> {
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** Mantine's factory type of {@link PermissionEditor}: its props, root element and part names, for the Styles API's typing. */
export type PermissionEditorFactory = Factory<{
  props: PermissionEditorProps;
  ref: HTMLDivElement;
  stylesNames: PermissionEditorStylesNames;
}>;

/**
 * Edits what a holder (a claim group, user or user group) is granted: {@link usePermissionEditor} rendered by
 * {@link PermissionEditorView}. Saving is up to the screen.
 */
export const PermissionEditor = factory<PermissionEditorFactory>((props) => {
  const {
    value,
    onChange,
    claimGroupOptions,
    claimGroupIds,
    onClaimGroupIdsChange,
    claimGroupsLabel,
    claimsAccess,
    claimGroupsAccess,
    resetKey,
    enabled,
    labels: overrides,
    ...viewProps
  } = props;
  const labels = useLabels(overrides);
  const editor = usePermissionEditor({
    value,
    onChange,
    claimGroupOptions,
    claimGroupIds,
    onClaimGroupIdsChange,
    claimGroupsLabel,
    claimsAccess,
    claimGroupsAccess,
    resetKey,
    enabled,
    labels,
  });
  return (
    <LabelsProvider labels={labels}>
      <PermissionEditorView editor={editor} {...viewProps} />
    </LabelsProvider>
  );
});

PermissionEditor.displayName = '@ccq/forms-admin/PermissionEditor';

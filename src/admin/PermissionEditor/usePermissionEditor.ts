import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { ALL_CLAIM_TYPES, ClaimTypeFlags } from '../../api/enums';
import { fillLabel, type Labels } from '../../query/labels';
import type { ActionAccess } from '../../ui/ActionButton';
import { isDenied } from '../shared/access';
import type { PickerSearchSource } from '../shared/picker-search';
import { useKeyedState } from '../shared/useKeyedState';
import {
  PRIORITY_MAX,
  PRIORITY_MIN,
  claimTypesOf,
  filterCategories,
  isValidPriority,
  permissionCategories,
  selectionOf,
  type CatalogueEntry,
  type SelectedClaim,
} from './permission-model';
import { useClaimCatalogue, useClaimEntriesOfTypes } from './usePermissionCatalogue';

/** One claim group a holder may be given, as the picker shows it. */
export interface ClaimGroupOption {
  value: string;
  label: string;
}

/** What {@link usePermissionEditor} edits and how. */
export interface PermissionEditorOptions {
  /** The selected permissions with their priority and allow flag (controlled). */
  value: readonly SelectedClaim[];
  /** Called with the whole new selection. */
  onChange: (value: SelectedClaim[]) => void;
  /** Claim groups that may be chosen; the claim-group picker is offered only when this is given. */
  claimGroupOptions?: readonly ClaimGroupOption[];
  /**
   * A server search behind the claim-group picker: the picker's options are then the page of matches of
   * what is typed (`claimGroupOptions` is not used), searched inside the picker so that typing re-renders only it.
   * Without it the picker filters `claimGroupOptions` itself.
   */
  claimGroupSearch?: PickerSearchSource;
  /** The label of a chosen claim group id that the options lack (e.g. not on the current search page). */
  claimGroupLabel?: (id: string) => string;
  /** The chosen claim group ids (controlled). */
  claimGroupIds?: readonly string[];
  /** Called with the new claim group ids. */
  onClaimGroupIdsChange?: (ids: string[]) => void;
  /** Label of the claim-group picker; `labels.claimGroups` when omitted. */
  claimGroupsLabel?: string;
  /** Whether the claims may be changed; when not, their inputs are read-only. */
  claimsAccess?: ActionAccess;
  /** Whether the claim groups may be changed; when not, the picker is read-only. */
  claimGroupsAccess?: ActionAccess;
  /** The claim-type filter and the search start afresh when this changes (e.g. the holder's id). */
  resetKey?: string;
  /**
   * Whether the catalogue may be loaded (false while no holder is chosen).
   * @default true
   */
  enabled?: boolean;
  /** The texts. */
  labels: Labels;
}

/** A catalogue entry as a checkbox. */
export interface PermissionEntryView {
  value: number;
  key: string;
  description?: string;
  checked: boolean;
  entry: CatalogueEntry;
}

/** A permission category as a box of checkboxes with its 'Select all'. */
export interface PermissionCategoryView {
  id: string;
  name: string;
  entries: PermissionEntryView[];
  allChecked: boolean;
  someChecked: boolean;
  selectAllLabel: string;
}

/** A selected permission as a row of the individual permissions. */
export interface PermissionRowView {
  claimValue: number;
  /** The claim's catalogue key, e.g. 'Form_Add'. */
  claimKey: string;
  description?: string;
  priority: number | null;
  /** Why the priority cannot be saved (empty or out of range), else undefined. */
  priorityError?: string;
  allow: boolean;
}

const ALLOWED: ActionAccess = { can: true };

/** The options plus every chosen id they lack (a picker shows a chosen option's label from its data). */
function withChosen(
  options: readonly ClaimGroupOption[],
  chosen: readonly string[],
  labelOf: ((id: string) => string) | undefined,
): readonly ClaimGroupOption[] {
  const missing = chosen.filter((id) => !options.some((o) => o.value === id));
  return missing.length === 0 ? options : [...options, ...missing.map((id) => ({ value: id, label: labelOf?.(id) ?? id }))];
}
const NO_IDS: readonly string[] = [];

/**
 * The headless permission editor: claim groups (optional), permission categories filtered by claim type and by a
 * search over names and descriptions, and the individual selected permissions with priority and allow flag. It only
 * edits a selection; saving it is up to the caller. The view ({@link PermissionEditorView}) renders what this returns.
 */
export function usePermissionEditor({
  value,
  onChange,
  claimGroupOptions,
  claimGroupSearch,
  claimGroupLabel,
  claimGroupIds = NO_IDS,
  onClaimGroupIdsChange,
  claimGroupsLabel,
  claimsAccess = ALLOWED,
  claimGroupsAccess = ALLOWED,
  resetKey = '',
  enabled = true,
  labels,
}: PermissionEditorOptions) {
  const [claimTypes, setClaimTypes] = useKeyedState<number>(resetKey, ALL_CLAIM_TYPES);
  const [search, setSearch] = useKeyedState<string>(resetKey, '');
  const filtered = useClaimEntriesOfTypes(claimTypes, enabled);
  const catalogue = useClaimCatalogue(enabled);

  const descriptionOf = (v: number) => catalogue.byValue.get(v)?.description ?? undefined;
  const selected = useMemo(() => new Set(value.map((v) => v.claimValue)), [value]);
  const allCategories = useMemo(() => permissionCategories(filtered.data ?? [], labels), [filtered.data, labels]);
  const categories = useMemo(
    () => filterCategories(allCategories, search, (v) => catalogue.byValue.get(v)?.description),
    [allCategories, search, catalogue.byValue],
  );

  const categoryViews: PermissionCategoryView[] = categories.map((c) => {
    const entries = c.entries.map((entry) => ({
      value: entry.value,
      key: entry.key,
      description: descriptionOf(entry.value) || undefined,
      checked: selected.has(entry.value),
      entry,
    }));
    const count = entries.filter((e) => e.checked).length;
    return {
      id: c.id,
      name: c.name,
      entries,
      allChecked: count === entries.length,
      someChecked: count > 0 && count < entries.length,
      selectAllLabel: fillLabel(labels.selectAllIn, { category: c.name }),
    };
  });

  // The boxes and rows show the catalogue's keys and descriptions: they wait for it (or its failure) rather than show
  // bare claim numbers and then redraw every box and row when it arrives.
  const describing = catalogue.isPending && !catalogue.isError;
  const status =
    claimTypes === ClaimTypeFlags.None
      ? 'no-type'
      : filtered.isError
        ? 'error'
        : filtered.isPending || describing
          ? 'loading'
          : 'ready';

  // Callbacks stay the same across renders (they read the latest selection from a ref), so a memoised row or
  // checkbox re-renders only when its own claim changes: a keystroke in one priority of ~120, or ticking one box of a
  // few hundred, does not redraw the others.
  const latest = useRef({ value, onChange, can: !isDenied(claimsAccess) });
  useLayoutEffect(() => {
    latest.current = { value, onChange, can: !isDenied(claimsAccess) };
  });
  const toggle = useCallback((entries: readonly CatalogueEntry[], on: boolean) => {
    const { value: current, onChange: emit, can } = latest.current;
    if (!can) return;
    const values = new Set(entries.map((e) => e.value));
    if (on) {
      const chosen = new Set(current.map((v) => v.claimValue));
      emit([...current, ...entries.filter((e) => !chosen.has(e.value)).map(selectionOf)]);
    } else emit(current.filter((v) => !values.has(v.claimValue)));
  }, []);
  const update = useCallback((claimValue: number, change: Partial<SelectedClaim>) => {
    const { value: current, onChange: emit, can } = latest.current;
    if (!can) return;
    emit(current.map((v) => (v.claimValue === claimValue ? { ...v, ...change } : v)));
  }, []);
  const setPriority = useCallback(
    (claimValue: number, next: number | string) =>
      update(claimValue, {
        priorityOfPermission: typeof next === 'number' ? next : next.trim() === '' ? null : Number(next),
      }),
    [update],
  );
  const setAllow = useCallback((claimValue: number, allow: boolean) => update(claimValue, { allow }), [update]);
  const keyOf = (claimValue: number) => catalogue.byValue.get(claimValue)?.key ?? `#${claimValue}`;
  const priorityError = fillLabel(labels.priorityRequired, { min: PRIORITY_MIN, max: PRIORITY_MAX });

  const rows: PermissionRowView[] = value.map((claim) => ({
    claimValue: claim.claimValue,
    claimKey: keyOf(claim.claimValue),
    description: descriptionOf(claim.claimValue) || undefined,
    priority: claim.priorityOfPermission,
    priorityError: isValidPriority(claim.priorityOfPermission) ? undefined : priorityError,
    allow: claim.allow,
  }));

  return {
    labels,
    claimGroups: claimGroupOptions
      ? {
          label: claimGroupsLabel ?? labels.claimGroups,
          options: withChosen(claimGroupOptions, claimGroupIds, claimGroupLabel),
          source: claimGroupSearch,
          labelOf: (id: string) => claimGroupLabel?.(id) ?? id,
          value: claimGroupIds,
          onChange: (ids: string[]) => {
            if (!isDenied(claimGroupsAccess)) onClaimGroupIdsChange?.(ids);
          },
          access: claimGroupsAccess,
        }
      : null,
    claimTypes: {
      value: claimTypes,
      checked: claimTypesOf(claimTypes),
      set: setClaimTypes,
    },
    search: { value: search, set: setSearch },
    categories: {
      status: status as 'no-type' | 'error' | 'loading' | 'ready',
      list: categoryViews,
      /** No category matches the search. */
      noMatch: status === 'ready' && search.trim() !== '' && categoryViews.length === 0,
      noMatchMessage: fillLabel(labels.noPermissionsMatch, { query: search.trim() }),
      retry: () => void filtered.refetch(),
      retrying: filtered.isFetching,
    },
    claimsAccess,
    toggle,
    rows,
    priorityRange: { min: PRIORITY_MIN, max: PRIORITY_MAX },
    setPriority,
    setAllow,
    catalogue: {
      isError: catalogue.isError,
      /** Whether the catalogue that names the selected permissions is still loading. */
      loading: describing,
      retry: () => void catalogue.refetch(),
      retrying: catalogue.isFetching,
    },
  };
}

/** What {@link usePermissionEditor} returns: everything {@link PermissionEditorView} renders. */
export type PermissionEditorController = ReturnType<typeof usePermissionEditor>;

/**
 * The pure logic of permission editing: categories of the claim catalogue, the sub-groups a claim group may take,
 * and the diff between what a holder has and what the user selected. No React.
 */
import { wouldCreateCycle } from '../../domain/effective-claims';
import { isValidPriority, PRIORITY_RANGE } from '../../domain/limits';
import { ButtonClaim, ClaimTypeFlags, DEFAULT_PRIORITY_OF_PERMISSION, type ClaimTypeFlag } from '../../api/enums';
import type { ClaimBase, ClaimEntry, ClaimGrant, ClaimGroup, ClaimTypeRecord } from '../../api/types';

/** Lowest accepted `priorityOfPermission` (the spec leaves the bounds open; the domain's limit). */
export const PRIORITY_MIN: number = PRIORITY_RANGE.min;
/** Highest accepted `priorityOfPermission` (the domain's limit). */
export const PRIORITY_MAX: number = PRIORITY_RANGE.max;

/** One catalogue entry with its claim type. */
export interface CatalogueEntry extends ClaimEntry {
  claimType: ClaimTypeFlag;
}

/** A named set of catalogue entries shown together, with a select-all. */
export interface PermissionCategory {
  /** Stable id: claim type and name. */
  id: string;
  /** Shown name, e.g. 'Form', 'Buttons'. */
  name: string;
  claimType: ClaimTypeFlag;
  entries: CatalogueEntry[];
}

/** Names of the categories that are not a key prefix. */
export interface CategoryNames {
  buttonsCategory: string;
  menusCategory: string;
  tableCategory: string;
}

/** Flattens claim type records into entries with their claim type. */
export function catalogueEntries(records: readonly ClaimTypeRecord[]): CatalogueEntry[] {
  return records.flatMap((r) => r.claimEntries.map((e) => ({ ...e, claimType: r.claimType })));
}

/**
 * Groups the catalogue into categories: server claims by the key's prefix before '_' (Form, FormGroup, …), UX claims
 * into buttons and menus, table claims into one row-level category. Order follows the catalogue.
 */
export function permissionCategories(records: readonly ClaimTypeRecord[], names: CategoryNames): PermissionCategory[] {
  const byId = new Map<string, PermissionCategory>();
  for (const entry of catalogueEntries(records)) {
    let name: string;
    if (entry.claimType === ClaimTypeFlags.TableClaim) name = names.tableCategory;
    else if (entry.claimType === ClaimTypeFlags.UXClaim)
      name = entry.key in ButtonClaim ? names.buttonsCategory : names.menusCategory;
    else name = entry.key.split('_')[0] ?? entry.key;
    const id = `${entry.claimType}:${name}`;
    let category = byId.get(id);
    if (!category) {
      category = { id, name, claimType: entry.claimType, entries: [] };
      byId.set(id, category);
    }
    category.entries.push(entry);
  }
  return [...byId.values()];
}

/** The claim type flags in `flags` as a list, e.g. 5 → [1, 4]. */
export function claimTypesOf(flags: number): ClaimTypeFlag[] {
  return [ClaimTypeFlags.ServerClaim, ClaimTypeFlags.UXClaim, ClaimTypeFlags.TableClaim].filter((f) => (flags & f) !== 0);
}

/**
 * A permission as the editor holds it: a claim with its priority and allow flag, where the priority is `null` while
 * its input is empty (invalid: a save needs every priority).
 */
export interface SelectedClaim extends Omit<ClaimBase, 'priorityOfPermission'> {
  priorityOfPermission: number | null;
}

/**
 * Whether every selected claim has a priority the server takes (a whole number within {@link PRIORITY_MIN}–
 * {@link PRIORITY_MAX}, the domain's rule), so the selection can be saved.
 */
export function isCompleteSelection(selection: readonly SelectedClaim[]): selection is readonly ClaimBase[] {
  return selection.every((c) => isValidPriority(c.priorityOfPermission));
}

// The domain's rule (a whole number within PRIORITY_MIN–PRIORITY_MAX), offered with the editor's other helpers.
export { isValidPriority };

/**
 * The categories whose entries match `query` (case-insensitive, in the key or the description), each keeping only its
 * matching entries; all of them for a blank query.
 */
export function filterCategories(
  categories: readonly PermissionCategory[],
  query: string,
  descriptionOf: (value: number) => string | null | undefined,
): PermissionCategory[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...categories];
  const matches = (e: CatalogueEntry) =>
    e.key.toLocaleLowerCase().includes(needle) || (descriptionOf(e.value) ?? '').toLocaleLowerCase().includes(needle);
  return categories
    .map((c) => ({ ...c, entries: c.entries.filter(matches) }))
    .filter((c) => c.entries.length > 0);
}

/** A new selection of `entry` with the default priority, allowed. */
export function selectionOf(entry: CatalogueEntry): ClaimBase {
  return {
    claimValue: entry.value,
    claimType: entry.claimType,
    allow: true,
    priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
  };
}

/** The live grants of a holder as a selection. */
export function selectionFromGrants(grants: readonly ClaimGrant[] | null | undefined): ClaimBase[] {
  return (grants ?? [])
    .filter((g) => !g.isDeleted)
    .map(({ claimValue, claimType, allow, priorityOfPermission }) => ({ claimValue, claimType, allow, priorityOfPermission }));
}

/** The live sub-group ids of a claim group (`claimGroupsInClaimGroups[].recordId`). */
export function subGroupIdsOf(group: ClaimGroup): string[] {
  return (group.claimGroupsInClaimGroups ?? []).filter((l) => !l.isDeleted).map((l) => l.recordId);
}

/**
 * The claim groups that may become sub-groups of `groupId`: never the group itself nor any group that already
 * (transitively) contains it (docs/spec.md, Validation rules).
 */
export function subGroupCandidates(groups: readonly ClaimGroup[], groupId: string): ClaimGroup[] {
  const graph = new Map(groups.map((g) => [g.id, { subGroupIds: subGroupIdsOf(g) }]));
  return groups.filter((g) => !wouldCreateCycle(groupId, g.id, graph));
}

/** What a save changes in a holder's claims. */
export interface PermissionDiff {
  /** Body part `claimBaseToAddUpdate`: the added and the updated claims. */
  toAddUpdate: ClaimBase[];
  /** Body part `claimEnumsToRemoveValue`. */
  toRemove: number[];
  added: ClaimBase[];
  removed: ClaimBase[];
  updated: { before: ClaimBase; after: ClaimBase }[];
}

/** Compares the selection (complete: every priority set) with the holder's current grants. */
export function diffPermissions(current: readonly ClaimBase[], selected: readonly ClaimBase[]): PermissionDiff {
  const before = new Map(current.map((c) => [c.claimValue, c]));
  const after = new Map(selected.map((c) => [c.claimValue, c]));
  const added: ClaimBase[] = [];
  const updated: PermissionDiff['updated'] = [];
  for (const claim of after.values()) {
    const old = before.get(claim.claimValue);
    if (!old) added.push(claim);
    else if (old.allow !== claim.allow || old.priorityOfPermission !== claim.priorityOfPermission)
      updated.push({ before: old, after: claim });
  }
  const removed = [...before.values()].filter((c) => !after.has(c.claimValue));
  return {
    toAddUpdate: [...added, ...updated.map((u) => u.after)],
    toRemove: removed.map((c) => c.claimValue),
    added,
    removed,
    updated,
  };
}

/** The ids to add and to remove to go from `current` to `selected`. */
export function diffIds(current: readonly string[], selected: readonly string[]): { toAdd: string[]; toRemove: string[] } {
  const before = new Set(current);
  const after = new Set(selected);
  return {
    toAdd: [...after].filter((id) => !before.has(id)),
    toRemove: [...before].filter((id) => !after.has(id)),
  };
}

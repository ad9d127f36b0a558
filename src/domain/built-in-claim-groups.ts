/**
 * The built-in claim groups (roles): what the reference server and the test fake seed, and what
 * `UpsertBuiltInClaimGroups` creates (and, with `overrideExisting=true`, resets). Names, claims and
 * nesting live here once so that both backends agree; ids are each backend's own.
 *
 * - *Administrators*: every claim of the default numbering (incl. `GlobalDataAdmin`).
 * - *Form Readers*: reading only — `…_Select` / `…_SelectList` of the five permission entities,
 *   `Forms_GetViewUrl` and `Claim_ReadClaimEntries`; no admin area, no menus, no buttons.
 * - *Form Editors* (contains *Form Readers*): every form permission, the endpoint permissions of
 *   forms, linking, PDF generation and signing, `AdminPanel_Access`, every button and the form menus.
 * - *User Administrators*: the administration of claims, claim groups, users and user groups, with
 *   `AdminPanel_Access` and the two permission-screen menus.
 */
import { ButtonClaim, MenuClaim, Permission, PERMISSION_ACTIONS, PERMISSION_ENTITIES, TableClaim } from '../contract/enums';
import { wouldCreateCycle, type ClaimGroupNode } from './effective-claims';
import { DomainError } from './errors';
import { assertGroupNameFree } from './group-names';

/** The stable key of a built-in claim group (its name may be changed; the key not). */
export type BuiltInClaimGroupKey = 'administrators' | 'formReaders' | 'formEditors' | 'userAdministrators';

/** One built-in claim group: its name, the claims it grants (allow, default priority) and its sub-groups. */
export interface BuiltInClaimGroupDefinition {
  key: BuiltInClaimGroupKey;
  name: string;
  /** Claim numbers of the default numbering, each granted with allow and priority 1. */
  claims: readonly number[];
  /** Names of the built-in groups nested in this one. */
  subGroups: readonly string[];
}

const permission = (key: string): number => {
  const value = (Permission as Readonly<Record<string, number>>)[key];
  if (value === undefined) throw new Error(`Unknown permission ${key}`);
  return value;
};

// The lists below are computed once at load; `@__PURE__` lets a bundler drop them (and the claim enumerations) from
// pages that only need this module's texts, e.g. the labels of the public /viewer page.

/** Every claim number of the default numbering, ascending. */
export const ALL_DEFAULT_CLAIMS: readonly number[] = /* @__PURE__ */ (() =>
  [
    ...new Set([
      ...Object.values(Permission),
      ...Object.values(ButtonClaim),
      ...Object.values(MenuClaim),
      ...Object.values(TableClaim),
    ]),
  ].sort((a, b) => a - b))();

const FORM_READER_CLAIMS: readonly number[] = /* @__PURE__ */ (() => [
  ...PERMISSION_ENTITIES.flatMap((e) => [permission(`${e}_Select`), permission(`${e}_SelectList`)]),
  Permission.Forms_GetViewUrl,
  Permission.Claim_ReadClaimEntries,
])();

const FORM_EDITOR_CLAIMS: readonly number[] = /* @__PURE__ */ (() => [
  ...PERMISSION_ENTITIES.flatMap((e) => PERMISSION_ACTIONS.map((a) => permission(`${e}_${a}`))),
  Permission.DynamicFormLinking_Create,
  Permission.DynamicFormLinking_Duplicate,
  Permission.DynamicFormLinking_GetAllPrimitivePaths,
  Permission.DynamicFormLinking_GetExampleApplication,
  Permission.FormGenerator_UploadPdf,
  Permission.Forms_GetEditUrl,
  Permission.Forms_GetViewUrl,
  Permission.Forms_MarkCompleted,
  Permission.Forms_NotifyDeleted,
  Permission.Signing_RequestSignature,
  Permission.Signing_DownloadDocument,
  Permission.AdminPanel_Access,
  ...Object.values(ButtonClaim),
  MenuClaim.FormBuilder_AllowRead,
  MenuClaim.FormGroups_AllowRead,
  MenuClaim.FormInstances_AllowRead,
  MenuClaim.FormPreview_AllowRead,
  MenuClaim.Forms_AllowRead,
  MenuClaim.FormSchemas_AllowRead,
  MenuClaim.Signing_AllowRead,
])();

const USER_ADMINISTRATOR_CLAIMS: readonly number[] = /* @__PURE__ */ (() => [
  Permission.Claim_ReadClaimEntries,
  Permission.Claim_ReadClaimGroups,
  Permission.Claim_ManageClaimGroups,
  Permission.Claim_ReadUsers,
  Permission.Claim_ReadUserGroups,
  Permission.Claim_ManageUserGroups,
  Permission.Claim_AssignClaims,
  Permission.Claim_AssignClaimGroups,
  Permission.Claim_AssignUsersToGroups,
  Permission.Claim_FullSync,
  Permission.Claim_ClearAnyUserClaimsCache,
  Permission.Claim_ReadRowLevelPermissions,
  Permission.AdminPanel_Access,
  MenuClaim.RoleManagement_AllowRead,
  MenuClaim.UserRoleManagement_AllowRead,
])();

/**
 * The built-in claim groups, in the order `UpsertBuiltInClaimGroups` answers them. A group's
 * sub-groups come before it, so they can be created in this order.
 */
export const BUILT_IN_CLAIM_GROUP_DEFINITIONS: readonly BuiltInClaimGroupDefinition[] = [
  { key: 'administrators', name: 'Administrators', claims: ALL_DEFAULT_CLAIMS, subGroups: [] },
  { key: 'formReaders', name: 'Form Readers', claims: FORM_READER_CLAIMS, subGroups: [] },
  { key: 'formEditors', name: 'Form Editors', claims: FORM_EDITOR_CLAIMS, subGroups: ['Form Readers'] },
  { key: 'userAdministrators', name: 'User Administrators', claims: USER_ADMINISTRATOR_CLAIMS, subGroups: [] },
];

/** The definition of a built-in claim group by key. */
export function builtInClaimGroupDefinition(key: BuiltInClaimGroupKey): BuiltInClaimGroupDefinition {
  const found = BUILT_IN_CLAIM_GROUP_DEFINITIONS.find((d) => d.key === key);
  if (!found) throw new Error(`Unknown built-in claim group ${key}`);
  return found;
}

/**
 * Why a built-in claim group cannot be deleted: the refusal's detail and the tooltip of the disabled
 * Delete button, naming what the user can do instead.
 */
export function builtInGroupDeleteReason(name: string): string {
  return `'${name}' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.`;
}

/** Why a built-in claim group cannot be left without any permission or sub-group. */
export function builtInGroupEmptyReason(name: string): string {
  return `'${name}' is a built-in role and cannot be left without permissions. Remove people from it in User & Role Management instead.`;
}

// ---------------------------------------------------------------- UpsertBuiltInClaimGroups

/** A claim group row as `UpsertBuiltInClaimGroups` finds it (soft-deleted rows included). */
export interface ExistingClaimGroup {
  id: string;
  name: string;
  builtInGroup: boolean;
  isDeleted: boolean;
}

/** What to do for one built-in group; the steps come in definition order. */
export interface BuiltInUpsertStep {
  definition: BuiltInClaimGroupDefinition;
  /** The id of the group: the existing row's, or the backend's id for the built-in group when created. */
  id: string;
  /** Insert a new row `{ id, name, builtInGroup: true }`. */
  create: boolean;
  /** Update the existing row to `builtInGroup: true, isDeleted: false` (and `name`, when set); null: leave it. */
  update: { name?: string } | null;
  /** Replace its grants by the definition's claims (allow, priority 1) and its sub-groups by `subGroupIds`. */
  reset: boolean;
  /** The ids of the definition's sub-groups (meaningful when `reset`). */
  subGroupIds: string[];
}

/**
 * Plans `UpsertBuiltInClaimGroups`: creates the built-in groups that are missing; with `override`,
 * also resets existing ones to their built-in name, claims and sub-groups. A group found by the
 * built-in id, else by name (a built-in one first), is the built-in group: a same-named group made by
 * hand is adopted as built-in, and a soft-deleted one comes back as new (reset). Refuses a name taken
 * by another group (409) and a nesting that would create a cycle (400). `ids` are the backend's ids
 * for groups it creates; `graph` holds every live claim group's sub-groups.
 */
export function planBuiltInUpsert(
  existing: readonly ExistingClaimGroup[],
  ids: Readonly<Record<BuiltInClaimGroupKey, string>>,
  override: boolean,
  graph: ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>,
): BuiltInUpsertStep[] {
  const lower = (s: string) => s.toLowerCase();
  // The names as they will be, step by step (a later step sees an earlier rename or creation).
  const rows = existing.map((r) => ({ ...r }));
  const steps: BuiltInUpsertStep[] = [];
  for (const definition of BUILT_IN_CLAIM_GROUP_DEFINITIONS) {
    const id = ids[definition.key];
    const row =
      rows.find((g) => g.id === id) ??
      rows.find((g) => g.builtInGroup && lower(g.name) === lower(definition.name)) ??
      rows.find((g) => lower(g.name) === lower(definition.name));
    if (!row) {
      assertGroupNameFree(rows, definition.name, 'claimGroup');
      rows.push({ id, name: definition.name, builtInGroup: true, isDeleted: false });
      steps.push({ definition, id, create: true, update: null, reset: true, subGroupIds: [] });
      continue;
    }
    const restore = row.isDeleted;
    const rename = override && row.name !== definition.name;
    if (rename) {
      assertGroupNameFree(rows, definition.name, 'claimGroup', row.id);
      row.name = definition.name;
    }
    const update = restore || rename || !row.builtInGroup ? (rename ? { name: definition.name } : {}) : null;
    row.builtInGroup = true;
    row.isDeleted = false;
    steps.push({ definition, id: row.id, create: false, update, reset: override || restore, subGroupIds: [] });
  }

  const next = new Map<string, { subGroupIds: string[] }>();
  for (const [id, node] of graph) next.set(id, { subGroupIds: [...node.subGroupIds] });
  const idOf = new Map(steps.map((s) => [s.definition.name, s.id]));
  for (const step of steps) {
    if (!step.reset) continue;
    const node = { subGroupIds: [] as string[] };
    next.set(step.id, node);
    for (const subName of step.definition.subGroups) {
      const subId = idOf.get(subName);
      if (subId === undefined) continue;
      if (wouldCreateCycle(step.id, subId, next)) {
        throw new DomainError(
          400,
          `The built-in group '${subName}' cannot be nested in '${step.definition.name}': it would create a cycle of claim groups.`,
        );
      }
      node.subGroupIds.push(subId);
      step.subGroupIds.push(subId);
    }
  }
  return steps;
}

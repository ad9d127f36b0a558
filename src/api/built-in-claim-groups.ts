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
import { ButtonClaim, MenuClaim, Permission, PERMISSION_ACTIONS, PERMISSION_ENTITIES, TableClaim } from './enums';

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

/** Every claim number of the default numbering, ascending. */
export const ALL_DEFAULT_CLAIMS: readonly number[] = [
  ...new Set([
    ...Object.values(Permission),
    ...Object.values(ButtonClaim),
    ...Object.values(MenuClaim),
    ...Object.values(TableClaim),
  ]),
].sort((a, b) => a - b);

const FORM_READER_CLAIMS: readonly number[] = [
  ...PERMISSION_ENTITIES.flatMap((e) => [permission(`${e}_Select`), permission(`${e}_SelectList`)]),
  Permission.Forms_GetViewUrl,
  Permission.Claim_ReadClaimEntries,
];

const FORM_EDITOR_CLAIMS: readonly number[] = [
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
];

const USER_ADMINISTRATOR_CLAIMS: readonly number[] = [
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
];

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

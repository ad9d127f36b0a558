/**
 * The claims the fake backend knows: the default numbering of `src/api/enums.ts`, grouped by claim
 * type, with a human description for `GetClaimEntriesWithDescriptionsForClaimTypes`.
 */
import type { ClaimEntry, ClaimTypeNames, ClaimTypeRecord } from '../api/types';
import {
  ButtonClaim,
  ClaimTypeFlags,
  MenuClaim,
  Permission,
  TableClaim,
  type ClaimTypeFlag,
} from '../api/enums';

/** One claim of the catalog. */
export interface CatalogClaim {
  key: string;
  value: number;
  claimType: ClaimTypeFlag;
  description: string;
}

/** The three claim types in flag order, with their names. */
export const CLAIM_TYPES: readonly { flag: ClaimTypeFlag; name: string }[] = [
  { flag: ClaimTypeFlags.ServerClaim, name: 'ServerClaim' },
  { flag: ClaimTypeFlags.UXClaim, name: 'UXClaim' },
  { flag: ClaimTypeFlags.TableClaim, name: 'TableClaim' },
];

const ACTION_TEXT: Readonly<Record<string, (entity: string) => string>> = {
  Add: (e) => `Create ${e} records`,
  AddUpdate: (e) => `Create or update ${e} records`,
  Delete: (e) => `Permanently delete ${e} records`,
  MarkDeleted: (e) => `Soft delete (and restore) ${e} records`,
  Select: (e) => `Read a single ${e} record`,
  SelectList: (e) => `List ${e} records`,
  Update: (e) => `Update ${e} records`,
};

const SPECIAL_TEXT: Readonly<Record<string, string>> = {
  GlobalDataAdmin: 'Full access to every record and every administration function',
  AdminPanel_Access: 'Open the administration area',
  Claim_ReadClaimEntries: 'Read the catalogue of claims',
  Claim_ReadClaimGroups: 'Read claim groups (roles)',
  Claim_ManageClaimGroups: 'Create, rename and delete claim groups (roles)',
  Claim_ReadUsers: 'Read application users',
  Claim_ReadUserGroups: 'Read application user groups',
  Claim_ManageUserGroups: 'Create, rename and delete application user groups',
  Claim_AssignClaims: 'Grant and revoke claims',
  Claim_AssignClaimGroups: 'Grant and revoke claim groups',
  Claim_AssignUsersToGroups: 'Add users to and remove users from user groups',
  Claim_FullSync: 'Synchronise users with the identity provider',
  Claim_ClearAnyUserClaimsCache: "Clear any user's cached claims",
  Claim_ReadRowLevelPermissions: 'Read row-level permissions',
};

/** Splits `FormInstance` into `form instance`. */
function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function describePermission(key: string): string {
  const special = SPECIAL_TEXT[key];
  if (special) return special;
  const [entity = key, action = ''] = key.split('_');
  const text = ACTION_TEXT[action];
  if (text) return text(words(entity));
  // Endpoint permissions: DynamicFormLinking_Create → Call DynamicFormLinking/Create
  return `Call ${entity}/${action}`;
}

function catalogOf(
  source: Readonly<Record<string, number>>,
  claimType: ClaimTypeFlag,
  describe: (key: string) => string,
): CatalogClaim[] {
  return Object.entries(source).map(([key, value]) => ({ key, value, claimType, description: describe(key) }));
}

/** Every claim of the default numbering, in number order. */
export const CLAIM_CATALOG: readonly CatalogClaim[] = [
  ...catalogOf(Permission, ClaimTypeFlags.ServerClaim, describePermission),
  ...catalogOf(ButtonClaim, ClaimTypeFlags.UXClaim, (k) => `Show the ${words(k.replace('_AllowRead', ''))} button`),
  ...catalogOf(MenuClaim, ClaimTypeFlags.UXClaim, (k) => `Show the ${words(k.replace('_AllowRead', ''))} menu entry`),
  ...catalogOf(TableClaim, ClaimTypeFlags.TableClaim, (k) => `Full row-level access to the ${k.replace('_RowLevel', '')} table`),
].sort((a, b) => a.value - b.value);

const BY_VALUE = new Map(CLAIM_CATALOG.map((c) => [c.value, c]));

/** The catalog entry of a claim number, if the default numbering knows it. */
export function catalogClaim(value: number): CatalogClaim | undefined {
  return BY_VALUE.get(value);
}

/** Every claim number of the catalog. */
export function allClaimValues(): number[] {
  return CLAIM_CATALOG.map((c) => c.value);
}

/** The claim types whose bit is set in `flags`, in flag order. */
export function claimTypesIn(flags: number): { flag: ClaimTypeFlag; name: string }[] {
  return CLAIM_TYPES.filter((t) => (flags & t.flag) !== 0);
}

/** `GetClaimEntriesForClaimTypes` (and `…WithDescriptions…`) for the given flags. */
export function claimTypeRecords(flags: number, withDescriptions: boolean): ClaimTypeRecord[] {
  return claimTypesIn(flags).map(({ flag }) => ({
    claimType: flag,
    claimEntries: CLAIM_CATALOG.filter((c) => c.claimType === flag).map(
      (c): ClaimEntry => (withDescriptions ? { key: c.key, value: c.value, description: c.description } : { key: c.key, value: c.value }),
    ),
  }));
}

/** `GetClaimNamesForClaimTypeNames` for the given flags. */
export function claimTypeNames(flags: number): ClaimTypeNames[] {
  return claimTypesIn(flags).map(({ flag, name }) => ({
    claimType: flag,
    claimTypeName: name,
    claimNames: CLAIM_CATALOG.filter((c) => c.claimType === flag).map((c) => c.key),
  }));
}

/** The tables that carry row-level permissions (`ListTablesWithRowLevelPermissions`). */
export const ROW_LEVEL_TABLES = ['Form', 'FormGroup', 'FormInstance', 'FormSchema'] as const;
/** One row-level permission table name. */
export type RowLevelTable = (typeof ROW_LEVEL_TABLES)[number];

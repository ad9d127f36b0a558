/**
 * The claim catalogue (docs/decisions.md, Claim catalogue: the backend is the authority): the default numbering of
 * `src/contract/enums.ts`, grouped by claim type (1 server, 2 UX, 4 table), each with a human
 * description, and the tables that carry row-level permissions. The reference server and the test
 * fake both answer `GetClaimEntries…` from it.
 */
import {
  ButtonClaim,
  ClaimTypeFlags,
  MenuClaim,
  Permission,
  TableClaim,
  type ClaimTypeFlag,
} from '../contract/enums';
import type { ClaimEntry, ClaimTypeNames, ClaimTypeRecord } from '../contract/types';
import { DomainError } from './errors';

/** One claim of the catalogue. */
export interface CatalogueClaim {
  key: string;
  value: number;
  claimType: ClaimTypeFlag;
  description: string;
}

/** The three claim types in flag order, with their names (`GetClaimNamesForClaimTypeNames`). */
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

/** `FormInstance` → `form instance`. */
function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function describePermission(key: string): string {
  const special = SPECIAL_TEXT[key];
  if (special) return special;
  const [entity = key, action = ''] = key.split('_');
  const text = ACTION_TEXT[action];
  if (text) return text(words(entity));
  return `Call ${entity}/${action}`; // endpoint permissions, e.g. DynamicFormLinking_Create
}

function claimsOf(
  source: Readonly<Record<string, number>>,
  claimType: ClaimTypeFlag,
  describe: (key: string) => string,
): CatalogueClaim[] {
  return Object.entries(source).map(([key, value]) => ({ key, value, claimType, description: describe(key) }));
}

/** Every claim, in number order. */
export const CLAIM_CATALOGUE: readonly CatalogueClaim[] = [
  ...claimsOf(Permission, ClaimTypeFlags.ServerClaim, describePermission),
  ...claimsOf(ButtonClaim, ClaimTypeFlags.UXClaim, (k) => `Show the ${words(k.replace('_AllowRead', ''))} button`),
  ...claimsOf(MenuClaim, ClaimTypeFlags.UXClaim, (k) => `Show the ${words(k.replace('_AllowRead', ''))} menu entry`),
  ...claimsOf(
    TableClaim,
    ClaimTypeFlags.TableClaim,
    (k) => `Full row-level access to the ${k.replace('_RowLevel', '')} table`,
  ),
].sort((a, b) => a.value - b.value);

const BY_VALUE = new Map(CLAIM_CATALOGUE.map((c) => [c.value, c]));

/** The catalogue entry of a claim number, if known. */
export function catalogueClaim(value: number): CatalogueClaim | undefined {
  return BY_VALUE.get(value);
}

/** The key of a claim number (e.g. `Claim_ReadUsers` for 50), or the number itself when unknown: for messages. */
export function claimKey(value: number): string {
  return BY_VALUE.get(value)?.key ?? String(value);
}

/** Every claim number of the catalogue, ascending. */
export function allClaimValues(): number[] {
  return CLAIM_CATALOGUE.map((c) => c.value);
}

/** The claim types whose bit is set in `flags`, in flag order. */
export function claimTypesIn(flags: number): { flag: ClaimTypeFlag; name: string }[] {
  return CLAIM_TYPES.filter((t) => (flags & t.flag) !== 0);
}

/** `GetClaimEntriesForClaimTypes` (and `…WithDescriptions…`) for the given flags. */
export function claimTypeRecords(flags: number, withDescriptions: boolean): ClaimTypeRecord[] {
  return claimTypesIn(flags).map(({ flag }) => ({
    claimType: flag,
    claimEntries: CLAIM_CATALOGUE.filter((c) => c.claimType === flag).map(
      (c): ClaimEntry =>
        withDescriptions ? { key: c.key, value: c.value, description: c.description } : { key: c.key, value: c.value },
    ),
  }));
}

/** `GetClaimNamesForClaimTypeNames` for the given flags. */
export function claimTypeNames(flags: number): ClaimTypeNames[] {
  return claimTypesIn(flags).map(({ flag, name }) => ({
    claimType: flag,
    claimTypeName: name,
    claimNames: CLAIM_CATALOGUE.filter((c) => c.claimType === flag).map((c) => c.key),
  }));
}

/** The tables that carry row-level permissions (one `…_RowLevel` table claim each). */
export const ROW_LEVEL_TABLES = ['Form', 'FormGroup', 'FormInstance', 'FormSchema'] as const;
/** One row-level permission table. */
export type RowLevelTable = (typeof ROW_LEVEL_TABLES)[number];

/** The `flags` parameter of the catalogue calls: a combination of 1 (server), 2 (UX) and 4 (table); 400 otherwise. */
export function parseClaimTypeFlags(raw: string): number {
  const flags = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(flags) || flags < 0 || flags > 7) {
    throw new DomainError(400, "The parameter 'flags' must be a combination of 1, 2 and 4.");
  }
  return flags;
}

/** The row-level permission table named `name` (regardless of case); 400 naming the tables otherwise. */
export function parseRowLevelTable(name: string): RowLevelTable {
  const wanted = name.trim().toLowerCase();
  const table = ROW_LEVEL_TABLES.find((t) => t.toLowerCase() === wanted);
  if (!table) {
    throw new DomainError(
      400,
      `The parameter 'tableName' must name a table with row-level permissions (${ROW_LEVEL_TABLES.join(', ')}).`,
    );
  }
  return table;
}

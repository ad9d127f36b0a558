/**
 * The claim catalogue (docs/decisions.md, Claim catalogue: the backend is the authority): the default numbering of
 * `src/contract/enums.ts`, grouped by claim type (1 server, 2 UX, 4 table), each with a human
 * description (the English text of src/domain/claim-descriptions.ts, which the label packs translate), and the
 * tables that carry row-level permissions. The reference server and the test fake both answer `GetClaimEntries…`
 * from it.
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
import { CLAIM_DESCRIPTIONS } from './claim-descriptions';
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

/** The English description of a claim key, or the key itself for a key it lacks. */
function describe(key: string): string {
  return (CLAIM_DESCRIPTIONS as Readonly<Record<string, string>>)[key] ?? key;
}

function claimsOf(source: Readonly<Record<string, number>>, claimType: ClaimTypeFlag): CatalogueClaim[] {
  return Object.entries(source).map(([key, value]) => ({ key, value, claimType, description: describe(key) }));
}

/** Every claim, in number order. */
export const CLAIM_CATALOGUE: readonly CatalogueClaim[] = [
  ...claimsOf(Permission, ClaimTypeFlags.ServerClaim),
  ...claimsOf(ButtonClaim, ClaimTypeFlags.UXClaim),
  ...claimsOf(MenuClaim, ClaimTypeFlags.UXClaim),
  ...claimsOf(TableClaim, ClaimTypeFlags.TableClaim),
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

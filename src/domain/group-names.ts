/**
 * Names of claim groups (roles) and application user groups.
 *
 * A name is stored trimmed and in Unicode NFC, at most {@link MAX_GROUP_NAME_LENGTH} characters, with
 * no control characters and no invisible format characters (zero-width spaces, joiners, direction
 * marks…). Two names are the same when their {@link groupNameKey} is: case-folded, NFKC, invisible
 * characters removed, runs of spaces as one, and Cyrillic or Greek letters that look like Latin ones
 * read as those — so 'Administrators' spelt with a zero-width space or a Cyrillic 'А' is a duplicate.
 */
import { DomainError } from './errors';
import { MAX_GROUP_NAME_LENGTH } from './limits';
import { missingParameterMessage } from './params';

/** The two kinds of named groups. */
export type GroupKind = 'claimGroup' | 'userGroup';

/** How messages name a group of each kind ("A claim group named …"). */
export const GROUP_LABELS: Readonly<Record<GroupKind, string>> = {
  claimGroup: 'A claim group',
  userGroup: 'An application user group',
};

// Control characters (C0, DEL, C1) and the line / paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// Format characters and other code points that render as nothing.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** What keeps a name that is not blank from being stored: too long, or holding control or invisible characters. */
export type GroupNameIssue = 'tooLong' | 'control' | 'invisible';

/**
 * Why `raw` (a name typed or sent, not blank) cannot be stored as a group's name, or null when it can: the rule the
 * backends refuse by ({@link normalizeGroupName}) and the screens say under the name box before anything is sent.
 */
export function groupNameIssue(raw: string): GroupNameIssue | null {
  const name = raw.normalize('NFC').trim();
  if ([...name].length > MAX_GROUP_NAME_LENGTH) return 'tooLong';
  if (CONTROL.test(name)) return 'control';
  if (INVISIBLE.test(name)) return 'invisible';
  return null;
}

/**
 * The group name in a query parameter, ready to store: NFC, trimmed; 400 when absent, blank, longer
 * than {@link MAX_GROUP_NAME_LENGTH}, or holding control or invisible characters.
 */
export function normalizeGroupName(raw: string | null | undefined, param = 'groupName'): string {
  if (raw === null || raw === undefined) throw new DomainError(400, missingParameterMessage(param));
  const name = raw.normalize('NFC').trim();
  if (name === '') throw new DomainError(400, `The parameter '${param}' must not be blank.`);
  const issue = groupNameIssue(name);
  if (issue === 'tooLong') throw new DomainError(400, `The parameter '${param}' must be at most ${MAX_GROUP_NAME_LENGTH} characters long.`);
  if (issue === 'control') throw new DomainError(400, `The parameter '${param}' must not contain control characters.`);
  if (issue === 'invisible') {
    throw new DomainError(
      400,
      `The parameter '${param}' must not contain invisible characters (such as zero-width spaces or direction marks).`,
    );
  }
  return name;
}

// Capital Cyrillic and Greek letters drawn like capital Latin ones.
const UPPER_LOOKALIKES: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y',
  Ѕ: 'S', І: 'I', Ј: 'J', Ү: 'Y', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'I',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};
// Small Cyrillic and Greek letters drawn like small Latin ones.
const LOWER_LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q',
  ԝ: 'w', ү: 'y', ӏ: 'l', ё: 'e', ї: 'i',
  α: 'a', ο: 'o', ν: 'v', ι: 'i', κ: 'k', ρ: 'p', υ: 'u', χ: 'x', ϲ: 'c', ϳ: 'j',
};
/** One character class of the lookalikes' keys. */
function lookalikePattern(lookalikes: Readonly<Record<string, string>>): RegExp {
  return new RegExp(`[${Object.keys(lookalikes).join('')}]`, 'gu');
}
// Built by calls marked pure: in the published files this module can share a chunk with the public viewer, whose
// bundles would otherwise keep these unused statements.
const UPPER_RE = /* @__PURE__ */ lookalikePattern(UPPER_LOOKALIKES);
const LOWER_RE = /* @__PURE__ */ lookalikePattern(LOWER_LOOKALIKES);

/**
 * The key two group names are compared by: equal keys mean the same name to a reader. NFKC
 * (compatibility forms such as 'ﬁ' or full-width letters), invisible characters removed, runs of
 * white space as one space, full case folding ('ß' ~ 'ss'), Cyrillic and Greek lookalikes as Latin.
 */
export function groupNameKey(name: string): string {
  const plain = name.normalize('NFKC').replace(INVISIBLE_ALL, '').replace(/\s+/gu, ' ').trim();
  const upper = plain.toUpperCase().replace(UPPER_RE, (c) => UPPER_LOOKALIKES[c] ?? c);
  return upper.toLowerCase().replace(LOWER_RE, (c) => LOWER_LOOKALIKES[c] ?? c);
}

/**
 * 409 when another row (soft-deleted ones too: a name stays taken) already has a name with the same
 * {@link groupNameKey} as `name`; `exceptId` is the row being renamed.
 */
export function assertGroupNameFree(
  rows: Iterable<{ id: string; name: string }>,
  name: string,
  kind: GroupKind,
  exceptId?: string,
): void {
  const key = groupNameKey(name);
  for (const row of rows) {
    if (row.id === exceptId || groupNameKey(row.name) !== key) continue;
    const lookalike = row.name.toLowerCase() !== name.toLowerCase();
    throw new DomainError(
      409,
      `${GROUP_LABELS[kind]} named '${row.name}' already exists.` +
        (lookalike ? ' Names that differ only in look-alike or invisible characters count as the same name.' : ''),
    );
  }
}

/** A group by name: the exact name first, then regardless of case. */
export function findGroupByName<T extends { name: string }>(rows: readonly T[], name: string): T | undefined {
  const lower = name.toLowerCase();
  return rows.find((r) => r.name === name) ?? rows.find((r) => r.name.toLowerCase() === lower);
}

/** 404 for a claim group name that names no live group. */
export function claimGroupNotFound(name: string): DomainError {
  return new DomainError(404, `No claim group named '${name}'.`);
}

/** 404 for an application user group id that names no live group. */
export function userGroupNotFound(id: string): DomainError {
  return new DomainError(404, `No application user group '${id}'.`);
}

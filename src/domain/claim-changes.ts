/**
 * The add / remove / update changes of docs/spec.md, Calls (claims, claim groups and members granted to users,
 * user groups and claim groups): reading and checking their bodies, bounding their size, and the
 * claim-group nesting rule. Both backends read a body with these and then only store the result.
 *
 * A body is checked strictly (400 naming the field): arrays of at most {@link MAX_ARRAY_ITEMS} items,
 * ids are UUIDs (lower-cased, duplicates dropped), `claimType` is 1, 2 or 4 and the claim's own type,
 * `priorityOfPermission` an integer in {@link PRIORITY_RANGE} (default 1), `allow` a boolean (default
 * true). An item both added and removed is added. One change may touch at most
 * {@link MAX_CHANGE_PAIRS} holder × item pairs (413).
 */
import { ClaimTypeFlags, DEFAULT_PRIORITY_OF_PERMISSION } from '../contract/enums';
import type { ClaimBase, ClaimGroupsChangeRequest, ClaimsChangeRequest, UsersInGroupsChangeRequest } from '../contract/types';
import { catalogueClaim } from './claim-catalogue';
import { wouldCreateCycle, type ClaimGroupNode } from './effective-claims';
import { DomainError } from './errors';
import { arrayField, boolField, field, idArrayField, intArrayField, isJsonRecord, requireJsonObject } from './json-body';
import { isValidPriority, MAX_CHANGE_PAIRS, PRIORITY_RANGE } from './limits';

/** What kind of row holds a claim grant or a claim group link. */
export type HolderKind = 'user' | 'userGroup' | 'claimGroup';

/** How messages name a holder of each kind. */
export const HOLDER_LABELS: Readonly<Record<HolderKind, string>> = {
  user: 'application user',
  userGroup: 'application user group',
  claimGroup: 'claim group',
};

/** 404 naming an id that is no live holder of `kind`, and the body field it came from. */
export function unknownHolderError(kind: HolderKind, id: string, fieldName: string): DomainError {
  return new DomainError(404, `Unknown ${HOLDER_LABELS[kind]} '${id}' in '${fieldName}'.`);
}

/**
 * 413 when a change touches more than {@link MAX_CHANGE_PAIRS} holder × item pairs (holders times
 * the items added plus the items removed), naming the limit.
 */
export function checkChangeSize(holders: number, items: number, holdersField: string, itemsFields: string): void {
  const pairs = holders * items;
  if (pairs > MAX_CHANGE_PAIRS) {
    throw new DomainError(
      413,
      `This change touches ${pairs} pairs ('${holdersField}' × ${itemsFields}); at most ${MAX_CHANGE_PAIRS} are allowed in one change. Split it into smaller changes.`,
      { limit: MAX_CHANGE_PAIRS, pairs },
    );
  }
}

const without = (items: readonly string[], drop: readonly string[]) => {
  const dropped = new Set(drop);
  return items.filter((id) => !dropped.has(id));
};

/** Reads and checks the body of `AddRemoveUpdateClaimGroupsTo…`. */
export function parseClaimGroupsChange(value: unknown): ClaimGroupsChangeRequest {
  const body = requireJsonObject(value);
  const add = idArrayField(body, 'claimGroupsToAdd');
  const change: ClaimGroupsChangeRequest = {
    claimGroupSets: idArrayField(body, 'claimGroupSets'),
    claimGroupsToAdd: add,
    claimGroupsToRemove: without(idArrayField(body, 'claimGroupsToRemove'), add),
    removeExistingUnMentionedClaimGroups: boolField(body, 'removeExistingUnMentionedClaimGroups', false),
  };
  checkChangeSize(
    change.claimGroupSets.length,
    change.claimGroupsToAdd.length + change.claimGroupsToRemove.length,
    'claimGroupSets',
    "('claimGroupsToAdd' + 'claimGroupsToRemove')",
  );
  return change;
}

const CLAIM_TYPE_VALUES = new Set<number>([ClaimTypeFlags.ServerClaim, ClaimTypeFlags.UXClaim, ClaimTypeFlags.TableClaim]);

/** One item of `claimBaseToAddUpdate`: a known claim of its claim type, with allow and priority. */
export function parseClaimBase(value: unknown, index: number): ClaimBase {
  const at = `claimBaseToAddUpdate[${index}]`;
  if (!isJsonRecord(value)) throw new DomainError(400, `'${at}' must be an object.`);
  const claimValue = field(value, 'claimValue');
  if (typeof claimValue !== 'number' || !Number.isSafeInteger(claimValue)) {
    throw new DomainError(400, `'${at}.claimValue' must be an integer.`);
  }
  const claimType = field(value, 'claimType');
  if (typeof claimType !== 'number' || !CLAIM_TYPE_VALUES.has(claimType)) {
    throw new DomainError(400, `'${at}.claimType' must be 1 (server), 2 (UX) or 4 (table).`);
  }
  const claim = catalogueClaim(claimValue);
  if (!claim) throw new DomainError(400, `'${at}.claimValue' ${claimValue} is not a known claim.`);
  if (claim.claimType !== claimType) {
    throw new DomainError(
      400,
      `'${at}.claimValue' ${claimValue} (${claim.key}) is a claim of type ${claim.claimType}, not ${claimType}.`,
    );
  }
  const allow = field(value, 'allow') ?? true;
  if (typeof allow !== 'boolean') throw new DomainError(400, `'${at}.allow' must be true or false.`);
  const priority = field(value, 'priorityOfPermission') ?? DEFAULT_PRIORITY_OF_PERMISSION;
  if (!isValidPriority(priority)) {
    throw new DomainError(
      400,
      `'${at}.priorityOfPermission' must be an integer from ${PRIORITY_RANGE.min} to ${PRIORITY_RANGE.max}.`,
    );
  }
  return { claimValue, claimType: claim.claimType, allow, priorityOfPermission: priority };
}

/** Reads and checks the body of `AddRemoveUpdateClaimsTo…`; a claim repeated with another allow or priority is refused. */
export function parseClaimsChange(value: unknown): ClaimsChangeRequest {
  const body = requireJsonObject(value);
  const claimSets = idArrayField(body, 'claimSets');
  const upserts = new Map<number, ClaimBase>();
  arrayField(body, 'claimBaseToAddUpdate').forEach((item, index) => {
    const claim = parseClaimBase(item, index);
    const earlier = upserts.get(claim.claimValue);
    if (earlier && (earlier.allow !== claim.allow || earlier.priorityOfPermission !== claim.priorityOfPermission)) {
      throw new DomainError(
        400,
        `'claimBaseToAddUpdate[${index}]' repeats claim ${claim.claimValue} with a different allow or priority.`,
      );
    }
    upserts.set(claim.claimValue, claim);
  });
  const remove = intArrayField(body, 'claimEnumsToRemoveValue').filter((v) => !upserts.has(v));
  checkChangeSize(
    claimSets.length,
    upserts.size + remove.length,
    'claimSets',
    "('claimBaseToAddUpdate' + 'claimEnumsToRemoveValue')",
  );
  return {
    claimSets,
    claimBaseToAddUpdate: [...upserts.values()],
    claimEnumsToRemoveValue: remove,
    removeExistingUnMentionedClaimBase: boolField(body, 'removeExistingUnMentionedClaimBase', false),
  };
}

/** Reads and checks the body of `AddRemoveUpdateAppUsersInAppuserGroups`. */
export function parseUsersInGroupsChange(value: unknown): UsersInGroupsChangeRequest {
  const body = requireJsonObject(value);
  const add = idArrayField(body, 'applicationUsersToAdd');
  const change: UsersInGroupsChangeRequest = {
    applicationUsersGroups: idArrayField(body, 'applicationUsersGroups'),
    applicationUsersToAdd: add,
    applicationUsersToRemove: without(idArrayField(body, 'applicationUsersToRemove'), add),
    removeExistingUnMentioned: boolField(body, 'removeExistingUnMentioned', false),
  };
  checkChangeSize(
    change.applicationUsersGroups.length,
    change.applicationUsersToAdd.length + change.applicationUsersToRemove.length,
    'applicationUsersGroups',
    "('applicationUsersToAdd' + 'applicationUsersToRemove')",
  );
  return change;
}

/** Whether a holder's existing link to `subId` goes away in a claim-groups change. */
export function dropsClaimGroup(change: ClaimGroupsChangeRequest, subId: string): boolean {
  if (change.claimGroupsToAdd.includes(subId)) return false;
  return change.removeExistingUnMentionedClaimGroups || change.claimGroupsToRemove.includes(subId);
}

/**
 * The nesting rule (docs/spec.md, Validation rules): refuses (400) a claim-groups change of claim groups that would nest a
 * group in itself or create a cycle. Every new edge is checked against the graph as it will be, with
 * this change's removals and its other new edges. `graph` holds every live claim group's sub-groups.
 */
export function checkClaimGroupNesting(
  change: ClaimGroupsChangeRequest,
  graph: ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>,
  nameOf: (id: string) => string,
): void {
  const next = new Map<string, { subGroupIds: string[] }>();
  for (const [id, node] of graph) next.set(id, { subGroupIds: [...node.subGroupIds] });
  for (const holder of change.claimGroupSets) {
    const node = next.get(holder);
    if (node) node.subGroupIds = node.subGroupIds.filter((sub) => !dropsClaimGroup(change, sub));
  }
  for (const holder of change.claimGroupSets) {
    const node = next.get(holder);
    if (!node) continue;
    for (const sub of change.claimGroupsToAdd) {
      if (node.subGroupIds.includes(sub)) continue;
      if (wouldCreateCycle(holder, sub, next)) {
        throw new DomainError(
          400,
          holder === sub
            ? `The claim group '${nameOf(holder)}' cannot contain itself.`
            : `Adding '${nameOf(sub)}' to '${nameOf(holder)}' would create a cycle of claim groups.`,
        );
      }
      node.subGroupIds.push(sub);
    }
  }
}

/**
 * The add / remove / update calls of spec §7: claim groups and claims granted to users, user groups
 * and claim groups, and users in user groups. Each answers the resulting rows of the holders it
 * changed (the client diffs them to show Added / Removed / Updated).
 *
 * Bodies are checked strictly (400 naming the field): arrays of at most 1000 items, ids are UUIDs,
 * `claimType` is 1, 2 or 4 and `claimValue` a known claim of that type, `priorityOfPermission` an
 * integer from 0 to 1000 (default 1), `allow` a boolean (default true); one request may touch at
 * most 20 000 holder × item pairs. Unknown ids answer 404; a claim group nested in itself or in a
 * group it (transitively) contains answers 400. Everything runs in one transaction (`write`), which
 * also drops the effective-claims cache.
 */
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { wouldCreateCycle } from '../../../src/domain/effective-claims';
import { ClaimTypeFlags, Permission, type ClaimTypeFlag } from '../../../src/api/enums';
import type { ClaimBase } from '../../../src/api/types';
import { catalogueClaim, PRIORITY_RANGE } from '../catalogue';
import type { Db } from '../db/index';
import { memberships } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import { arrayField, boolField, field, idArrayField, intArrayField, readJsonObject } from './body';
import { chunked, HOLDERS, loadClaimGroupGraph, requireHolders, type HolderKind } from './holders';
import { HttpError } from './http';
import { grantsOf, linksOf, membershipsByGroup } from './projections';
import { route } from './registry';
import { write } from './writes';

const P = Permission;

/** Most holder × item pairs one change request may touch. */
export const MAX_PAIRS_PER_CHANGE = 20_000;

const CLAIM_TYPE_VALUES = new Set<number>([
  ClaimTypeFlags.ServerClaim,
  ClaimTypeFlags.UXClaim,
  ClaimTypeFlags.TableClaim,
]);

function checkPairs(holders: number, items: number, holdersField: string, itemsField: string): void {
  if (holders * items > MAX_PAIRS_PER_CHANGE) {
    throw new HttpError(
      400,
      `'${holdersField}' × '${itemsField}' is ${
        holders * items
      } pairs; at most ${MAX_PAIRS_PER_CHANGE} are allowed per request.`,
    );
  }
}

/** Rows whose `column` is not in `keep`; `undefined` (every row) when `keep` is empty. */
function notIn(column: Parameters<typeof notInArray>[0], keep: readonly (string | number)[]): SQL | undefined {
  return keep.length ? notInArray(column, keep as string[]) : undefined;
}

// ---------------------------------------------------------------- claim groups to holders

interface ClaimGroupsChange {
  holders: string[];
  add: string[];
  remove: string[];
  removeUnmentioned: boolean;
}

function parseClaimGroupsChange(body: Record<string, unknown>): ClaimGroupsChange {
  const change = {
    holders: idArrayField(body, 'claimGroupSets'),
    add: idArrayField(body, 'claimGroupsToAdd'),
    remove: idArrayField(body, 'claimGroupsToRemove'),
    removeUnmentioned: boolField(body, 'removeExistingUnMentionedClaimGroups', false),
  };
  checkPairs(change.holders.length, change.add.length, 'claimGroupSets', 'claimGroupsToAdd');
  return change;
}

async function applyClaimGroupsChange(tx: Db, kind: HolderKind, change: ClaimGroupsChange) {
  const holderNames = await requireHolders(tx, kind, change.holders, 'claimGroupSets');
  const groupNames = await requireHolders(tx, 'claimGroup', change.add, 'claimGroupsToAdd');
  await requireHolders(tx, 'claimGroup', change.remove, 'claimGroupsToRemove');
  const add = new Set(change.add);
  const remove = change.remove.filter((id) => !add.has(id));
  const dropped = (sub: string) => remove.includes(sub) || (change.removeUnmentioned && !add.has(sub));

  if (kind === 'claimGroup') {
    // Check every new edge against the graph as it will be, this request's other edges included.
    const graph = await loadClaimGroupGraph(tx);
    for (const holder of change.holders) {
      const node = graph.get(holder);
      if (node) node.subGroupIds = node.subGroupIds.filter((sub) => !dropped(sub));
    }
    for (const holder of change.holders) {
      const node = graph.get(holder);
      if (!node) continue;
      for (const sub of change.add) {
        if (node.subGroupIds.includes(sub)) continue;
        if (wouldCreateCycle(holder, sub, graph)) {
          throw new HttpError(
            400,
            holder === sub
              ? `The claim group '${holderNames.get(holder)}' cannot contain itself.`
              : `Adding '${groupNames.get(sub)}' to '${holderNames.get(holder)}' would create a cycle of claim groups.`,
          );
        }
        node.subGroupIds.push(sub);
      }
    }
  }

  const l = HOLDERS[kind].links;
  const now = new Date();
  for (const part of chunked(change.holders)) {
    const which = change.removeUnmentioned
      ? notIn(l.claimGroupId, change.add)
      : remove.length
      ? inArray(l.claimGroupId, remove)
      : null;
    if (which !== null) await tx.delete(l).where(and(inArray(l.holderId, part), which));
  }
  const pairs = change.holders.flatMap((holderId) => change.add.map((claimGroupId) => ({ holderId, claimGroupId })));
  for (const part of chunked(pairs)) {
    await tx
      .insert(l)
      .values(
        part.map((p) => ({
          id: crypto.randomUUID(),
          ...p,
          priorityOfPermission: 1,
          createdDateTime: now,
          lastUpdatedDateTime: now,
        })),
      )
      .onConflictDoUpdate({
        target: [l.holderId, l.claimGroupId],
        set: { isDeleted: false, lastUpdatedDateTime: now },
        setWhere: eq(l.isDeleted, true),
      });
  }
  return linksOf(tx, kind, change.holders);
}

// ---------------------------------------------------------------- claims to holders

interface ClaimsChange {
  holders: string[];
  upserts: ClaimBase[];
  remove: number[];
  removeUnmentioned: boolean;
}

function parseClaimBase(value: unknown, index: number): ClaimBase {
  const at = `claimBaseToAddUpdate[${index}]`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, `'${at}' must be an object.`);
  }
  const item = value as Record<string, unknown>;
  const claimValue = field(item, 'claimValue');
  if (typeof claimValue !== 'number' || !Number.isSafeInteger(claimValue)) {
    throw new HttpError(400, `'${at}.claimValue' must be an integer.`);
  }
  const claimType = field(item, 'claimType');
  if (typeof claimType !== 'number' || !CLAIM_TYPE_VALUES.has(claimType)) {
    throw new HttpError(400, `'${at}.claimType' must be 1 (server), 2 (UX) or 4 (table).`);
  }
  const claim = catalogueClaim(claimValue);
  if (!claim) throw new HttpError(400, `'${at}.claimValue' ${claimValue} is not a known claim.`);
  if (claim.claimType !== claimType) {
    throw new HttpError(
      400,
      `'${at}.claimValue' ${claimValue} (${claim.key}) is a claim of type ${claim.claimType}, not ${claimType}.`,
    );
  }
  const allow = field(item, 'allow') ?? true;
  if (typeof allow !== 'boolean') throw new HttpError(400, `'${at}.allow' must be true or false.`);
  const priority = field(item, 'priorityOfPermission') ?? 1;
  if (
    typeof priority !== 'number' ||
    !Number.isInteger(priority) ||
    priority < PRIORITY_RANGE.min ||
    priority > PRIORITY_RANGE.max
  ) {
    throw new HttpError(
      400,
      `'${at}.priorityOfPermission' must be an integer from ${PRIORITY_RANGE.min} to ${PRIORITY_RANGE.max}.`,
    );
  }
  return { claimValue, claimType: claimType as ClaimTypeFlag, allow, priorityOfPermission: priority };
}

function parseClaimsChange(body: Record<string, unknown>): ClaimsChange {
  const holders = idArrayField(body, 'claimSets');
  const upserts = new Map<number, ClaimBase>();
  arrayField(body, 'claimBaseToAddUpdate').forEach((value, index) => {
    const claim = parseClaimBase(value, index);
    const earlier = upserts.get(claim.claimValue);
    if (earlier && (earlier.allow !== claim.allow || earlier.priorityOfPermission !== claim.priorityOfPermission)) {
      throw new HttpError(
        400,
        `'claimBaseToAddUpdate[${index}]' repeats claim ${claim.claimValue} with a different allow or priority.`,
      );
    }
    upserts.set(claim.claimValue, claim);
  });
  const remove = intArrayField(body, 'claimEnumsToRemoveValue').filter((v) => !upserts.has(v));
  checkPairs(holders.length, upserts.size, 'claimSets', 'claimBaseToAddUpdate');
  return {
    holders,
    upserts: [...upserts.values()],
    remove,
    removeUnmentioned: boolField(body, 'removeExistingUnMentionedClaimBase', false),
  };
}

async function applyClaimsChange(tx: Db, kind: HolderKind, change: ClaimsChange) {
  await requireHolders(tx, kind, change.holders, 'claimSets');
  const g = HOLDERS[kind].grants;
  const keep = change.upserts.map((u) => u.claimValue);
  const now = new Date();
  for (const part of chunked(change.holders)) {
    const which = change.removeUnmentioned
      ? notIn(g.claimValue, keep)
      : change.remove.length
      ? inArray(g.claimValue, change.remove)
      : null;
    if (which !== null) await tx.delete(g).where(and(inArray(g.holderId, part), which));
  }
  const rows = change.holders.flatMap((holderId) => change.upserts.map((claim) => ({ holderId, ...claim })));
  for (const part of chunked(rows)) {
    await tx
      .insert(g)
      .values(part.map((r) => ({ id: crypto.randomUUID(), ...r, createdDateTime: now, lastUpdatedDateTime: now })))
      .onConflictDoUpdate({
        target: [g.holderId, g.claimValue],
        set: {
          claimType: sql.raw('excluded.claim_type'),
          allow: sql.raw('excluded.allow'),
          priorityOfPermission: sql.raw('excluded.priority_of_permission'),
          isDeleted: false,
          lastUpdatedDateTime: now,
        },
        // Only rows that really change get a new lastUpdatedDateTime.
        setWhere: sql`${g.allow} <> excluded.allow OR ${g.priorityOfPermission} <> excluded.priority_of_permission OR ${g.claimType} <> excluded.claim_type OR ${g.isDeleted}`,
      });
  }
  return grantsOf(tx, kind, change.holders);
}

// ---------------------------------------------------------------- users in user groups

interface UsersInGroupsChange {
  groups: string[];
  add: string[];
  remove: string[];
  removeUnmentioned: boolean;
}

function parseUsersInGroupsChange(body: Record<string, unknown>): UsersInGroupsChange {
  const change = {
    groups: idArrayField(body, 'applicationUsersGroups'),
    add: idArrayField(body, 'applicationUsersToAdd'),
    remove: idArrayField(body, 'applicationUsersToRemove'),
    removeUnmentioned: boolField(body, 'removeExistingUnMentioned', false),
  };
  checkPairs(change.groups.length, change.add.length, 'applicationUsersGroups', 'applicationUsersToAdd');
  return change;
}

async function applyUsersInGroupsChange(tx: Db, change: UsersInGroupsChange) {
  await requireHolders(tx, 'userGroup', change.groups, 'applicationUsersGroups');
  await requireHolders(tx, 'user', change.add, 'applicationUsersToAdd');
  await requireHolders(tx, 'user', change.remove, 'applicationUsersToRemove');
  const add = new Set(change.add);
  const remove = change.remove.filter((id) => !add.has(id));
  const m = memberships;
  const now = new Date();
  for (const part of chunked(change.groups)) {
    const which = change.removeUnmentioned
      ? notIn(m.applicationUserId, change.add)
      : remove.length
      ? inArray(m.applicationUserId, remove)
      : null;
    if (which !== null) await tx.delete(m).where(and(inArray(m.applicationUserGroupId, part), which));
  }
  const pairs = change.groups.flatMap((applicationUserGroupId) =>
    change.add.map((applicationUserId) => ({ applicationUserId, applicationUserGroupId })),
  );
  for (const part of chunked(pairs)) {
    await tx
      .insert(m)
      .values(part.map((p) => ({ id: crypto.randomUUID(), ...p, createdDateTime: now, lastUpdatedDateTime: now })))
      .onConflictDoUpdate({
        target: [m.applicationUserId, m.applicationUserGroupId],
        set: { isDeleted: false, lastUpdatedDateTime: now },
        setWhere: eq(m.isDeleted, true),
      });
  }
  const byGroup = await membershipsByGroup(tx, change.groups);
  return change.groups.flatMap((id) => byGroup.get(id) ?? []);
}

// ---------------------------------------------------------------- routes

const ids = SEED_IDS;
const readerClaim = { claimValue: P.Form_Select, claimType: 1, allow: true, priorityOfPermission: 1 };

function claimGroupsRoute(suffix: string, kind: HolderKind, holderId: string) {
  return route({
    method: 'POST',
    path: `/api/Claim/AddRemoveUpdateClaimGroupsTo${suffix}`,
    claim: P.Claim_AssignClaimGroups,
    summary: `Grants and revokes claim groups of ${HOLDERS[kind].label}s; answers their claim group links`,
    example: {
      body: {
        claimGroupSets: [holderId],
        claimGroupsToAdd: [ids.claimGroups.formReaders],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      },
    },
    handler: async ({ c, services }) => {
      const change = parseClaimGroupsChange(await readJsonObject(c));
      return c.json(await write(services, (tx) => applyClaimGroupsChange(tx, kind, change)));
    },
  });
}

function claimsRoute(suffix: string, kind: HolderKind, holderId: string) {
  return route({
    method: 'POST',
    path: `/api/Claim/AddRemoveUpdateClaimsTo${suffix}`,
    claim: P.Claim_AssignClaims,
    summary: `Grants, updates and revokes claims of ${HOLDERS[kind].label}s; answers their claim grants`,
    example: {
      body: {
        claimSets: [holderId],
        claimBaseToAddUpdate: [readerClaim],
        claimEnumsToRemoveValue: [],
        removeExistingUnMentionedClaimBase: false,
      },
    },
    handler: async ({ c, services }) => {
      const change = parseClaimsChange(await readJsonObject(c));
      return c.json(await write(services, (tx) => applyClaimsChange(tx, kind, change)));
    },
  });
}

export const assignmentRoutes = [
  claimGroupsRoute('AppUserOrUsers', 'user', ids.users.reader),
  claimGroupsRoute('ClaimGroupOrClaimGroups', 'claimGroup', ids.claimGroups.formEditors),
  claimGroupsRoute('AppUserGroupOrUserGroups', 'userGroup', ids.userGroups.readers),
  claimsRoute('AppUserOrUsers', 'user', ids.users.reader),
  claimsRoute('ClaimGroupOrClaimGroups', 'claimGroup', ids.claimGroups.formReaders),
  claimsRoute('AppUserGroupOrUserGroups', 'userGroup', ids.userGroups.readers),
  route({
    method: 'POST',
    path: '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups',
    claim: P.Claim_AssignUsersToGroups,
    summary: 'Adds users to and removes users from application user groups; answers their memberships',
    example: {
      body: {
        applicationUsersGroups: [ids.userGroups.readers],
        applicationUsersToAdd: [ids.users.reader],
        applicationUsersToRemove: [],
        removeExistingUnMentioned: false,
      },
    },
    handler: async ({ c, services }) => {
      const change = parseUsersInGroupsChange(await readJsonObject(c));
      return c.json(await write(services, (tx) => applyUsersInGroupsChange(tx, change)));
    },
  }),
];

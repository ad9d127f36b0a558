/**
 * `/api/Claim/*`: claims, claim groups, users, user groups and their grants (spec §7 "Claims").
 *
 * Behaves as the reference server (`example-host/server`, checked by `tests/contract`): the same
 * claims per route (enforced with `enforceClaims`), the same checks and statuses, the same messages.
 */
import { wouldCreateCycle } from '../../domain/effective-claims';
import type { ClaimGroup, EntityWithPermissions, UserSessionData } from '../../api/types';
import { DEFAULT_PRIORITY_OF_PERMISSION, Permission, RowLevelPermission, TableClaim } from '../../api/enums';
import { catalogClaim, claimTypeNames, claimTypeRecords, ROW_LEVEL_TABLES, type RowLevelTable } from '../claim-catalog';
import {
  applyClaimGroupsChange,
  applyClaimsChange,
  applyUsersInGroupsChange,
  checkGroupName,
  checkUniqueName,
  claimGroupGraph,
  deleteClaimGroup,
  deleteUserGroup,
  effectiveClaimsOf,
  findClaimGroupByName,
  isUuid,
  paged,
  parseClaimGroupsChange,
  parseClaimsChange,
  parseUsersInGroupsChange,
  projectClaimGroup,
  projectUser,
  projectUserGroup,
  sortedLive,
  type ClaimGroupIncludesFlags,
  type UserGroupIncludes,
  type UserIncludes,
} from '../claims-model';
import type { FakeDb, HolderKind, StoredClaimGroup, StoredUser } from '../db';
import { boolQuery, FakeHttpError, intQuery, json, noContent, query, readJson } from '../http';
import { builtInClaimGroups } from '../seed';
import { claimRequired, PUBLIC, user, type FakeRoute, type RouteAccess, type RouteContext, type RouteMethod } from './route';

const P = Permission;

function route(method: RouteMethod, name: string, access: RouteAccess, handle: FakeRoute['handle']): FakeRoute {
  return { method, path: `/api/Claim/${name}`, access, handle };
}

/** A query parameter that must be present and not empty, `null` or `undefined` (400 with the spec's text, §5). */
function requiredParam(ctx: RouteContext, name: string): string {
  const value = query(ctx.url, name);
  if (value === null || value === '' || value === 'null' || value === 'undefined') {
    throw new FakeHttpError(400, `The parameter '${name}' must be defined and cannot be null.`);
  }
  return value;
}

/** A required id (UUID) query parameter, lower-cased; 400 when missing or not a UUID. */
function requiredId(ctx: RouteContext, name: string): string {
  const value = requiredParam(ctx, name).trim();
  if (!isUuid(value)) throw new FakeHttpError(400, `The parameter '${name}' must be an id (a UUID).`);
  return value.toLowerCase();
}

/** A required boolean query parameter (spec §5: null or undefined is refused). */
function requiredBool(ctx: RouteContext, name: string): boolean {
  requiredParam(ctx, name);
  return boolQuery(ctx.url, name);
}

/** The `flags` parameter: a combination of 1 (server), 2 (UX) and 4 (table). */
function flags(ctx: RouteContext): number {
  const raw = requiredParam(ctx, 'flags');
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(value) || value < 0 || value > 7) {
    throw new FakeHttpError(400, "The parameter 'flags' must be a combination of 1, 2 and 4.");
  }
  return value;
}

function userIncludes(ctx: RouteContext): UserIncludes {
  return {
    claims: boolQuery(ctx.url, 'includeClaims'),
    userGroups: boolQuery(ctx.url, 'IncludeApplicationUserGroups'),
    claimGroups: boolQuery(ctx.url, 'includeClaimGroups'),
  };
}

function userGroupIncludes(ctx: RouteContext): UserGroupIncludes {
  return {
    claims: boolQuery(ctx.url, 'includeClaims'),
    // The paged call names the flag IncludeApplicationUserGroups (spec §7); the list call includeApplicationUsers.
    users: boolQuery(ctx.url, 'includeApplicationUsers', false, 'IncludeApplicationUserGroups'),
    claimGroups: boolQuery(ctx.url, 'includeClaimGroups'),
  };
}

function claimGroupIncludes(ctx: RouteContext): ClaimGroupIncludesFlags {
  return {
    claims: boolQuery(ctx.url, 'includeClaims'),
    userGroups: boolQuery(ctx.url, 'IncludeApplicationUserGroups'),
    users: boolQuery(ctx.url, 'IncludeApplicationUsers'),
    claimGroups: boolQuery(ctx.url, 'includeClaimGroups'),
  };
}

function signedIn(ctx: RouteContext): StoredUser {
  const current = ctx.caller.user;
  if (!current) throw new FakeHttpError(401, 'An access token is required.');
  return current;
}

function rowLevelPermission(claims: ReadonlySet<number>, table: RowLevelTable): RowLevelPermission {
  const tableClaim = TableClaim[`${table}_RowLevel`];
  if (claims.has(P.GlobalDataAdmin) || claims.has(tableClaim)) return RowLevelPermission.All;
  let flagsValue = 0;
  if (claims.has(P[`${table}_Select`]) || claims.has(P[`${table}_SelectList`])) flagsValue |= RowLevelPermission.Read;
  if (claims.has(P[`${table}_Update`]) || claims.has(P[`${table}_AddUpdate`])) flagsValue |= RowLevelPermission.Update;
  if (claims.has(P[`${table}_Delete`])) flagsValue |= RowLevelPermission.Delete;
  return (flagsValue === 0 ? RowLevelPermission.None : flagsValue) as RowLevelPermission;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The live rows of a table (soft-deleted rows left out, DESIGN §3) with a display name, in the
 * server's order: by name regardless of case (schemas then by version), instances by creation.
 */
function entitiesOf(db: FakeDb, table: RowLevelTable): { recordId: string; displayName: string }[] {
  const live = <T extends { isDeleted: boolean }>(rows: readonly T[]) => rows.filter((r) => !r.isDeleted);
  switch (table) {
    case 'Form':
      return live(db.forms)
        .sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.formId, b.formId))
        .map((f) => ({ recordId: f.formId, displayName: f.name }));
    case 'FormGroup':
      return live(db.formGroups)
        .sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.formGroupId, b.formGroupId))
        .map((g) => ({ recordId: g.formGroupId, displayName: g.name }));
    case 'FormSchema':
      return live(db.formSchemas)
        .sort(
          (a, b) =>
            byText(a.name.toLowerCase(), b.name.toLowerCase()) || a.version - b.version || byText(a.formSchemaId, b.formSchemaId),
        )
        .map((s) => ({
          recordId: s.formSchemaId,
          // "Contact Details v1" stays as it is; "Contact Details" becomes "Contact Details v1".
          displayName: s.name.endsWith(` v${s.version}`) ? s.name : `${s.name} v${s.version}`,
        }));
    case 'FormInstance':
      return live(db.formInstances)
        .sort((a, b) => a.createdDateTime.getTime() - b.createdDateTime.getTime() || byText(a.formInstanceId, b.formInstanceId))
        .map((i) => ({
          recordId: i.formInstanceId,
          displayName: `${db.forms.find((f) => f.formId === i.formId)?.name ?? 'Form'} #${i.formInstanceId.slice(-4)}`,
        }));
  }
}

/** The JSON object body of a change request: 415 unless sent as JSON, 400 unless an object. */
async function readChangeBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type.trim())) {
    throw new FakeHttpError(415, 'The body must be JSON (Content-Type: application/json).');
  }
  return readJson(request);
}

function changeRoutes(suffix: string, kind: HolderKind): FakeRoute[] {
  return [
    route('post', `AddRemoveUpdateClaimGroupsTo${suffix}`, user(P.Claim_AssignClaimGroups), async (ctx) => {
      const change = parseClaimGroupsChange(await readChangeBody(ctx.request));
      return json(applyClaimGroupsChange(ctx.backend.db, kind, change, ctx.backend));
    }),
    route('post', `AddRemoveUpdateClaimsTo${suffix}`, user(P.Claim_AssignClaims), async (ctx) => {
      const change = parseClaimsChange(await readChangeBody(ctx.request));
      return json(applyClaimsChange(ctx.backend.db, kind, change, ctx.backend));
    }),
  ];
}

/** A live claim group by the (trimmed) name in query parameter `param`; 404 when there is none. */
function requireClaimGroupByName(ctx: RouteContext, param: string): StoredClaimGroup {
  const name = requiredParam(ctx, param).trim();
  const group = findClaimGroupByName(ctx.backend.db, name);
  if (!group) throw new FakeHttpError(404, `No claim group named '${name}'.`);
  return group;
}

/** A live application user group by the id in query parameter `param`; 400 when not a UUID, 404 when unknown. */
function requireUserGroup(ctx: RouteContext, param: string) {
  const id = requiredId(ctx, param);
  const group = ctx.backend.db.applicationUserGroups.find((g) => g.id.toLowerCase() === id && !g.isDeleted);
  if (!group) throw new FakeHttpError(404, `No application user group '${id}'.`);
  return group;
}

/**
 * `UpsertBuiltInClaimGroups`, as the reference server does it: creates the built-in groups that are
 * missing (with their claims and sub-groups); with `override`, also resets existing ones to their
 * built-in name, claims and sub-groups. A group found by the built-in id, else by name (a built-in
 * one first), is the built-in group: a same-named group made by hand is adopted as built-in, and a
 * soft-deleted one comes back as new. Answers the built-in groups.
 */
function upsertBuiltIns(ctx: RouteContext, override: boolean): StoredClaimGroup[] {
  const { db } = ctx.backend;
  const now = ctx.backend.now();
  const lower = (s: string) => s.toLowerCase();
  const resolved = new Map<string, StoredClaimGroup>(); // built-in name → row
  const reset = new Set<string>(); // ids whose claims and sub-groups are (re)set
  const builtIns = builtInClaimGroups();
  for (const builtIn of builtIns) {
    let row =
      db.claimGroups.find((g) => g.id === builtIn.id) ??
      db.claimGroups.find((g) => g.builtInGroup && lower(g.name) === lower(builtIn.name)) ??
      db.claimGroups.find((g) => lower(g.name) === lower(builtIn.name));
    if (!row) {
      checkUniqueName(db.claimGroups, builtIn.name, 'claimGroup');
      row = { id: builtIn.id, name: builtIn.name, builtInGroup: true, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
      db.claimGroups.push(row);
      resolved.set(builtIn.name, row);
      reset.add(row.id);
      continue;
    }
    resolved.set(builtIn.name, row);
    const restore = row.isDeleted;
    const rename = override && row.name !== builtIn.name;
    if (rename) checkUniqueName(db.claimGroups, builtIn.name, 'claimGroup', row.id);
    if (restore || rename || !row.builtInGroup) {
      row.builtInGroup = true;
      row.isDeleted = false;
      if (rename) row.name = builtIn.name;
      row.lastUpdatedDateTime = now;
    }
    if (override || restore) reset.add(row.id);
  }

  const graph = new Map<string, { subGroupIds: string[] }>();
  for (const [id, node] of claimGroupGraph(db)) graph.set(id, { subGroupIds: [...node.subGroupIds] });
  for (const builtIn of builtIns) {
    const id = (resolved.get(builtIn.name) as StoredClaimGroup).id;
    if (!reset.has(id)) continue;
    db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'claimGroup' && g.recordId === id));
    for (const claimValue of builtIn.claims) {
      const claim = catalogClaim(claimValue);
      if (!claim) continue;
      db.claimGrants.push({
        id: ctx.backend.newId(),
        holderKind: 'claimGroup',
        recordId: id,
        claimValue,
        claimType: claim.claimType,
        allow: true,
        priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
    }
    db.claimGroupLinks = db.claimGroupLinks.filter((l) => !(l.holderKind === 'claimGroup' && l.holderId === id));
    const node = graph.get(id) ?? { subGroupIds: [] };
    node.subGroupIds = [];
    graph.set(id, node);
    for (const subName of builtIn.subGroups) {
      const subId = resolved.get(subName)?.id;
      if (!subId) continue;
      if (wouldCreateCycle(id, subId, graph)) {
        throw new FakeHttpError(
          400,
          `The built-in group '${subName}' cannot be nested in '${builtIn.name}': it would create a cycle of claim groups.`,
        );
      }
      node.subGroupIds.push(subId);
      db.claimGroupLinks.push({
        id: ctx.backend.newId(),
        holderKind: 'claimGroup',
        holderId: id,
        recordId: subId,
        priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
    }
  }
  return builtIns.map((b) => resolved.get(b.name) as StoredClaimGroup);
}

/** Runs `change` on a copy of the tables and keeps it only when it succeeds (all or nothing, as a transaction). */
function transaction<T>(db: FakeDb, change: () => T): T {
  const before = {
    claimGroups: db.claimGroups.map((g) => ({ ...g })),
    claimGrants: [...db.claimGrants],
    claimGroupLinks: [...db.claimGroupLinks],
  };
  try {
    return change();
  } catch (error) {
    Object.assign(db, before);
    throw error;
  }
}

/** The routes of `/api/Claim/*`. */
export const claimRoutes: readonly FakeRoute[] = [
  route('post', 'ClearUserClaimsCache', user(), () => noContent()),
  route('get', 'GetMyClaims', user(), (ctx) => {
    const me = signedIn(ctx);
    return json([...effectiveClaimsOf(ctx.backend.db, me.id)].sort((a, b) => a - b));
  }),
  route('get', 'GetMyUserSessionData', user(), (ctx) => {
    const me = signedIn(ctx);
    const body: UserSessionData = { claims: [...effectiveClaimsOf(ctx.backend.db, me.id)].sort((a, b) => a - b), userId: me.id };
    return json(body);
  }),
  route('get', 'GetClaimNamesForClaimTypeNames', user(P.Claim_ReadClaimEntries), (ctx) => json(claimTypeNames(flags(ctx)))),
  // Every screen resolves claim keys with it (DESIGN §4): any signed-in user may call it.
  route('get', 'GetClaimEntriesForClaimTypes', user(), (ctx) => json(claimTypeRecords(flags(ctx), false))),
  route('get', 'GetClaimEntriesWithDescriptionsForClaimTypes', user(P.Claim_ReadClaimEntries), (ctx) =>
    json(claimTypeRecords(flags(ctx), true)),
  ),
  route('get', 'ListTablesWithRowLevelPermissions', user(P.Claim_ReadRowLevelPermissions), () => json([...ROW_LEVEL_TABLES])),
  route('get', 'GetEntitiesWithPermissions', user(P.Claim_ReadRowLevelPermissions), (ctx) => {
    const name = requiredParam(ctx, 'tableName').trim();
    const table = ROW_LEVEL_TABLES.find((t) => t.toLowerCase() === name.toLowerCase());
    if (!table) {
      throw new FakeHttpError(
        400,
        `The parameter 'tableName' must name a table with row-level permissions (${ROW_LEVEL_TABLES.join(', ')}).`,
      );
    }
    const claims = effectiveClaimsOf(ctx.backend.db, signedIn(ctx).id);
    const permission = rowLevelPermission(claims, table);
    const rows: EntityWithPermissions[] = entitiesOf(ctx.backend.db, table).map((e) => ({ ...e, permission }));
    return json(rows);
  }),
  route('get', 'CheckForAdminRole', user(), (ctx) => {
    const authId = requiredParam(ctx, 'authId');
    const me = signedIn(ctx);
    const self = authId === me.oidcId || authId === me.id;
    // Anyone may check themselves; checking another user needs Claim_ReadUsers (when claims are enforced).
    if (!self && ctx.backend.enforceClaims && !ctx.backend.hasClaim(me.id, P.Claim_ReadUsers)) {
      throw claimRequired(P.Claim_ReadUsers);
    }
    const subject = self ? me : ctx.backend.db.applicationUsers.find((u) => u.oidcId === authId || u.id === authId);
    if (!subject || subject.isDeleted || !subject.isEnabled) return json(false);
    const claims = effectiveClaimsOf(ctx.backend.db, subject.id);
    return json(claims.has(P.GlobalDataAdmin) || claims.has(P.AdminPanel_Access));
  }),
  route('get', 'CheckForUsers', PUBLIC, (ctx) => json(ctx.backend.db.applicationUsers.some((u) => !u.isDeleted))),
  route('get', 'GetOIDCConfig', PUBLIC, (ctx) => json(ctx.backend.oidcConfig)),

  // ------------------------------------------------------------ user groups
  route('post', 'CreateNewApplicationUserGroup', user(P.Claim_ManageUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(query(ctx.url, 'groupName'), 'groupName');
    checkUniqueName(db.applicationUserGroups, name, 'userGroup');
    const now = ctx.backend.now();
    const group = { id: ctx.backend.newId(), name, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
    db.applicationUserGroups.push(group);
    return json(projectUserGroup(db, group, { claims: true, users: true, claimGroups: true }));
  }),
  route('put', 'RenameAppUserGroup', user(P.Claim_ManageUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(query(ctx.url, 'newGroupName'), 'newGroupName');
    const group = requireUserGroup(ctx, 'currentGroupId');
    checkUniqueName(db.applicationUserGroups, name, 'userGroup', group.id);
    group.name = name;
    group.lastUpdatedDateTime = ctx.backend.now();
    return json(projectUserGroup(db, group, { claims: false, users: false, claimGroups: false }));
  }),
  route('delete', 'DeleteAppUserGroup', user(P.Claim_ManageUserGroups), (ctx) => {
    const group = requireUserGroup(ctx, 'groupToDeleteId');
    deleteUserGroup(ctx.backend.db, group.id);
    return noContent();
  }),

  // ------------------------------------------------------------ claim groups
  route('post', 'CreateNewClaimGroup', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(query(ctx.url, 'groupName'), 'groupName');
    checkUniqueName(db.claimGroups, name, 'claimGroup');
    const now = ctx.backend.now();
    const group = { id: ctx.backend.newId(), name, builtInGroup: false, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
    db.claimGroups.push(group);
    return json(projectClaimGroup(db, group, { claims: true, userGroups: true, users: true, claimGroups: true }));
  }),
  route('put', 'RenameClaimGroup', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(query(ctx.url, 'newGroupName'), 'newGroupName');
    const group = requireClaimGroupByName(ctx, 'currentGroupName');
    checkUniqueName(db.claimGroups, name, 'claimGroup', group.id);
    group.name = name;
    group.lastUpdatedDateTime = ctx.backend.now();
    return json(projectClaimGroup(db, group, { claims: false, userGroups: false, users: false, claimGroups: false }));
  }),
  route('delete', 'DeleteClaimGroupByName', user(P.Claim_ManageClaimGroups), (ctx) => {
    const group = requireClaimGroupByName(ctx, 'groupName');
    // The built-in groups hold the seeded roles (deleting Administrators would lock every administrator out).
    if (group.builtInGroup) {
      throw new FakeHttpError(
        400,
        `The built-in claim group '${group.name}' cannot be deleted; reset it with UpsertBuiltInClaimGroups instead.`,
      );
    }
    deleteClaimGroup(ctx.backend.db, group.id);
    return noContent();
  }),
  route('get', 'UpsertBuiltInClaimGroups', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const override = requiredBool(ctx, 'overrideExisting');
    const groups = transaction(db, () => upsertBuiltIns(ctx, override));
    const include = { claims: true, userGroups: false, users: false, claimGroups: true };
    const result: ClaimGroup[] = groups.map((g) => projectClaimGroup(db, g, include));
    return json(result);
  }),

  // ------------------------------------------------------------ lists
  route('get', 'ApplicationUsersPaged', user(P.Claim_ReadUsers), (ctx) => {
    const { db } = ctx.backend;
    const include = userIncludes(ctx);
    const page = paged(sortedLive(db.applicationUsers), intQuery(ctx.url, 'page'), intQuery(ctx.url, 'count'));
    return json({ ...page, list: page.list?.map((u) => projectUser(db, u, include)) ?? null });
  }),
  route('get', 'ApplicationList', user(P.Claim_ReadUsers), (ctx) => {
    const { db } = ctx.backend;
    const include = userIncludes(ctx);
    return json(sortedLive(db.applicationUsers).map((u) => projectUser(db, u, include)));
  }),
  route('get', 'ApplicationUserGroupsPaged', user(P.Claim_ReadUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const include = userGroupIncludes(ctx);
    const page = paged(sortedLive(db.applicationUserGroups), intQuery(ctx.url, 'page'), intQuery(ctx.url, 'count'));
    return json({ ...page, list: page.list?.map((g) => projectUserGroup(db, g, include)) ?? null });
  }),
  route('get', 'ApplicationUserGroupsList', user(P.Claim_ReadUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const include = userGroupIncludes(ctx);
    return json(sortedLive(db.applicationUserGroups).map((g) => projectUserGroup(db, g, include)));
  }),
  route('get', 'ClaimGroupsPaged', user(P.Claim_ReadClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const include = claimGroupIncludes(ctx);
    const page = paged(sortedLive(db.claimGroups), intQuery(ctx.url, 'page'), intQuery(ctx.url, 'count'));
    return json({ ...page, list: page.list?.map((g) => projectClaimGroup(db, g, include)) ?? null });
  }),
  route('get', 'ClaimGroupsList', user(P.Claim_ReadClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const include = claimGroupIncludes(ctx);
    return json(sortedLive(db.claimGroups).map((g) => projectClaimGroup(db, g, include)));
  }),

  // ------------------------------------------------------------ sync and grants
  route('post', 'FullSyncAndReturnExternalUsers', user(P.Claim_FullSync), (ctx) => {
    const { db } = ctx.backend;
    const now = ctx.backend.now();
    const synced: StoredUser[] = [];
    for (const external of db.externalUsers) {
      let local = db.applicationUsers.find((u) => u.oidcId === external.oidcId);
      if (!local) {
        local = { id: ctx.backend.newId(), ...external, isEnabled: true, failedLoginAttempts: 0, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
        db.applicationUsers.push(local);
      } else if (
        local.name !== external.name ||
        local.userName !== external.userName ||
        local.email !== external.email ||
        local.phoneNumber !== external.phoneNumber
      ) {
        Object.assign(local, external, { lastUpdatedDateTime: now });
      }
      synced.push(local);
    }
    const include = { claims: false, userGroups: false, claimGroups: false };
    return json(synced.sort((a, b) => a.name.localeCompare(b.name)).map((u) => projectUser(db, u, include)));
  }),
  ...changeRoutes('AppUserOrUsers', 'user'),
  ...changeRoutes('ClaimGroupOrClaimGroups', 'claimGroup'),
  ...changeRoutes('AppUserGroupOrUserGroups', 'userGroup'),
  route('post', 'AddRemoveUpdateAppUsersInAppuserGroups', user(P.Claim_AssignUsersToGroups), async (ctx) => {
    const change = parseUsersInGroupsChange(await readChangeBody(ctx.request));
    return json(applyUsersInGroupsChange(ctx.backend.db, change, ctx.backend));
  }),
];

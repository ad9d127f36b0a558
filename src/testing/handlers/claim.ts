/**
 * `/api/Claim/*`: claims, claim groups, users, user groups and their grants (spec §7 "Claims").
 */
import type { ClaimGroup, EntityWithPermissions, UserSessionData } from '../../api/types';
import { DEFAULT_PRIORITY_OF_PERMISSION, Permission, RowLevelPermission, TableClaim } from '../../api/enums';
import { catalogClaim, claimTypeNames, claimTypeRecords, ROW_LEVEL_TABLES, type RowLevelTable } from '../claim-catalog';
import {
  applyClaimGroupsChange,
  applyClaimsChange,
  applyUsersInGroupsChange,
  checkGroupName,
  checkUniqueName,
  deleteClaimGroup,
  deleteUserGroup,
  effectiveClaimsOf,
  findClaimGroupByName,
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
import type { FakeDb, HolderKind, StoredUser } from '../db';
import { boolQuery, FakeHttpError, intQuery, json, noContent, ok, readJson, requiredQuery } from '../http';
import { builtInClaimGroups } from '../seed';
import { PUBLIC, user, type FakeRoute, type RouteAccess, type RouteContext, type RouteMethod } from './route';

const P = Permission;

function route(method: RouteMethod, name: string, access: RouteAccess, handle: FakeRoute['handle']): FakeRoute {
  return { method, path: `/api/Claim/${name}`, access, handle };
}

function flags(ctx: RouteContext): number {
  const value = intQuery(ctx.url, 'flags');
  if (value === null) throw new FakeHttpError(400, "The query parameter 'flags' is required.");
  if (value < 0 || value > 7) throw new FakeHttpError(400, "'flags' must combine 1, 2 and 4.");
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
  if (!current) throw new FakeHttpError(401, 'Sign-in required.');
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

function entitiesOf(db: FakeDb, table: RowLevelTable): { recordId: string; displayName: string }[] {
  switch (table) {
    case 'Form':
      return db.forms.map((f) => ({ recordId: f.formId, displayName: f.name }));
    case 'FormGroup':
      return db.formGroups.map((g) => ({ recordId: g.formGroupId, displayName: g.name }));
    case 'FormSchema':
      return db.formSchemas.map((s) => ({ recordId: s.formSchemaId, displayName: `${s.name} v${s.version}` }));
    case 'FormInstance':
      return db.formInstances.map((i) => ({
        recordId: i.formInstanceId,
        displayName: `${db.forms.find((f) => f.formId === i.formId)?.name ?? 'Form'} #${i.formInstanceId.slice(-4)}`,
      }));
  }
}

function changeRoutes(suffix: string, kind: HolderKind): FakeRoute[] {
  return [
    route('post', `AddRemoveUpdateClaimGroupsTo${suffix}`, user(P.Claim_AssignClaimGroups), async (ctx) => {
      const change = parseClaimGroupsChange(await readJson(ctx.request));
      return json(applyClaimGroupsChange(ctx.backend.db, kind, change, ctx.backend));
    }),
    route('post', `AddRemoveUpdateClaimsTo${suffix}`, user(P.Claim_AssignClaims), async (ctx) => {
      const change = parseClaimsChange(await readJson(ctx.request));
      return json(applyClaimsChange(ctx.backend.db, kind, change, ctx.backend));
    }),
  ];
}

/** The routes of `/api/Claim/*`. */
export const claimRoutes: readonly FakeRoute[] = [
  route('post', 'ClearUserClaimsCache', user(), () => ok()),
  route('get', 'GetMyClaims', user(), (ctx) => {
    const me = signedIn(ctx);
    return json([...effectiveClaimsOf(ctx.backend.db, me.id)].sort((a, b) => a - b));
  }),
  route('get', 'GetMyUserSessionData', PUBLIC, (ctx) => {
    const me = ctx.caller.user;
    const body: UserSessionData =
      me && me.isEnabled
        ? { claims: [...effectiveClaimsOf(ctx.backend.db, me.id)].sort((a, b) => a - b), userId: me.id }
        : { claims: [], userId: me?.id ?? null };
    return json(body);
  }),
  route('get', 'GetClaimNamesForClaimTypeNames', user(), (ctx) => json(claimTypeNames(flags(ctx)))),
  route('get', 'GetClaimEntriesForClaimTypes', user(), (ctx) => json(claimTypeRecords(flags(ctx), false))),
  route('get', 'GetClaimEntriesWithDescriptionsForClaimTypes', user(), (ctx) => json(claimTypeRecords(flags(ctx), true))),
  route('get', 'ListTablesWithRowLevelPermissions', user(P.Claim_ReadRowLevelPermissions), () => json([...ROW_LEVEL_TABLES])),
  route('get', 'GetEntitiesWithPermissions', user(P.Claim_ReadRowLevelPermissions), (ctx) => {
    const name = requiredQuery(ctx.url, 'tableName');
    const table = ROW_LEVEL_TABLES.find((t) => t.toLowerCase() === name.toLowerCase());
    if (!table) throw new FakeHttpError(400, `The table '${name}' has no row-level permissions.`);
    const claims = effectiveClaimsOf(ctx.backend.db, signedIn(ctx).id);
    const permission = rowLevelPermission(claims, table);
    const rows: EntityWithPermissions[] = entitiesOf(ctx.backend.db, table).map((e) => ({ ...e, permission }));
    return json(rows);
  }),
  route('get', 'CheckForAdminRole', user(), (ctx) => {
    const authId = requiredQuery(ctx.url, 'authId');
    const subject = ctx.backend.findUser(authId);
    if (!subject || !subject.isEnabled) return json(false);
    const claims = effectiveClaimsOf(ctx.backend.db, subject.id);
    return json(claims.has(P.GlobalDataAdmin) || claims.has(P.AdminPanel_Access));
  }),
  route('get', 'CheckForUsers', PUBLIC, (ctx) => json(ctx.backend.db.applicationUsers.some((u) => !u.isDeleted))),
  route('get', 'GetOIDCConfig', PUBLIC, (ctx) => json(ctx.backend.oidcConfig)),

  // ------------------------------------------------------------ user groups
  route('post', 'CreateNewApplicationUserGroup', user(P.Claim_ManageUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(requiredQuery(ctx.url, 'groupName'));
    checkUniqueName(db.applicationUserGroups, name);
    const now = ctx.backend.now();
    const group = { id: ctx.backend.newId(), name, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
    db.applicationUserGroups.push(group);
    return json(projectUserGroup(db, group, { claims: true, users: true, claimGroups: true }));
  }),
  route('put', 'RenameAppUserGroup', user(P.Claim_ManageUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(requiredQuery(ctx.url, 'newGroupName'));
    const id = requiredQuery(ctx.url, 'currentGroupId');
    const group = db.applicationUserGroups.find((g) => g.id === id && !g.isDeleted);
    if (!group) throw new FakeHttpError(404, `No application user group '${id}'.`);
    checkUniqueName(db.applicationUserGroups, name, id);
    group.name = name;
    group.lastUpdatedDateTime = ctx.backend.now();
    return json(projectUserGroup(db, group, { claims: false, users: false, claimGroups: false }));
  }),
  route('delete', 'DeleteAppUserGroup', user(P.Claim_ManageUserGroups), (ctx) => {
    const { db } = ctx.backend;
    const id = requiredQuery(ctx.url, 'groupToDeleteId');
    if (!db.applicationUserGroups.some((g) => g.id === id)) throw new FakeHttpError(404, `No application user group '${id}'.`);
    deleteUserGroup(db, id);
    return noContent();
  }),

  // ------------------------------------------------------------ claim groups
  route('post', 'CreateNewClaimGroup', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(requiredQuery(ctx.url, 'groupName'));
    checkUniqueName(db.claimGroups, name);
    const now = ctx.backend.now();
    const group = { id: ctx.backend.newId(), name, builtInGroup: false, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
    db.claimGroups.push(group);
    return json(projectClaimGroup(db, group, { claims: true, userGroups: true, users: true, claimGroups: true }));
  }),
  route('put', 'RenameClaimGroup', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = checkGroupName(requiredQuery(ctx.url, 'newGroupName'));
    const current = requiredQuery(ctx.url, 'currentGroupName');
    const group = findClaimGroupByName(db, current);
    if (!group) throw new FakeHttpError(404, `No claim group named '${current}'.`);
    checkUniqueName(db.claimGroups, name, group.id);
    group.name = name;
    group.lastUpdatedDateTime = ctx.backend.now();
    return json(projectClaimGroup(db, group, { claims: false, userGroups: false, users: false, claimGroups: false }));
  }),
  route('delete', 'DeleteClaimGroupByName', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const name = requiredQuery(ctx.url, 'groupName');
    const group = findClaimGroupByName(db, name);
    if (!group) throw new FakeHttpError(404, `No claim group named '${name}'.`);
    deleteClaimGroup(db, group.id);
    return noContent();
  }),
  route('get', 'UpsertBuiltInClaimGroups', user(P.Claim_ManageClaimGroups), (ctx) => {
    const { db } = ctx.backend;
    const override = boolQuery(ctx.url, 'overrideExisting');
    const now = ctx.backend.now();
    const result: ClaimGroup[] = [];
    for (const builtIn of builtInClaimGroups()) {
      let group = db.claimGroups.find((g) => g.id === builtIn.id) ?? db.claimGroups.find((g) => g.builtInGroup && g.name === builtIn.name);
      const created = !group;
      if (!group) {
        group = { id: builtIn.id, name: builtIn.name, builtInGroup: true, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
        db.claimGroups.push(group);
      }
      if (created || override) {
        const groupId = group.id;
        if (override) {
          group.name = builtIn.name;
          group.isDeleted = false;
          group.lastUpdatedDateTime = now;
        }
        db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'claimGroup' && g.recordId === groupId));
        for (const claimValue of builtIn.claims) {
          const claim = catalogClaim(claimValue);
          if (!claim) continue;
          db.claimGrants.push({
            id: ctx.backend.newId(),
            holderKind: 'claimGroup',
            recordId: groupId,
            claimValue,
            claimType: claim.claimType,
            allow: true,
            priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
            isDeleted: false,
            createdDateTime: now,
            lastUpdatedDateTime: now,
          });
        }
      }
      result.push(projectClaimGroup(db, group, { claims: true, userGroups: false, users: false, claimGroups: true }));
    }
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
    const change = parseUsersInGroupsChange(await readJson(ctx.request));
    return json(applyUsersInGroupsChange(ctx.backend.db, change, ctx.backend));
  }),
];

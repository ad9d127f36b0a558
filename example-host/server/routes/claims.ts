/**
 * /api/Claim/… routes about the caller (docs/spec.md, Calls): the caller's claims and session data, the admin-role
 * check, OIDC configuration for hosts, whether users exist, and cache clearing. Catalogue, claim
 * groups, user groups, users and assignments have their own modules.
 */
import { count, eq, or } from 'drizzle-orm';
import { Permission } from '../../../src/api/enums';
import type { OidcConfig, UserSessionData } from '../../../src/api/types';
import {
  accessReferencesOf,
  changesRemoveOwnAdminAccess,
  claimGroupHolderGraph,
  explainEffectiveClaims,
  isAdministrator,
  isUuid,
  mayCheckAdminRoleOf,
  parseOwnAdminChanges,
  readHistoryQuery,
  toPaged,
  unknownHolderError,
} from '../../../src/domain';
import { readHistory } from '../history';
import { loadClaimGraph, loadOwnAccessModel, loadReachableClaimGroups, loadUserGroupClaimGraph } from '../claims-service';
import { readChangeBody } from '../../../src/service/routes';
import { routeRequest } from './table';
import { applicationUsers } from '../db/schema';
import { claimRequired, route } from './registry';

const sorted = (claims: ReadonlySet<number>) => [...claims].sort((a, b) => a - b);

export const claimRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/GetMyClaims',
    summary: "The caller's effective claim numbers",
    handler: ({ c, auth }) => c.json(sorted(auth.claims)),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetMyUserSessionData',
    summary: "The caller's effective claims and application user id",
    handler: ({ c, auth }) => {
      const body: UserSessionData = { claims: sorted(auth.claims), userId: auth.user.id };
      return c.json(body);
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetEffectivePermissionsOfUser',
    summary: "Why can they? Every claim the user ends up with, the deciding grant's path, and the grants that lost",
    handler: async ({ c, services, query }) => {
      const id = query.required('applicationUserId');
      const [user] = isUuid(id) ? await services.db.select({ id: applicationUsers.id, isDeleted: applicationUsers.isDeleted }).from(applicationUsers).where(eq(applicationUsers.id, id)) : [];
      if (!user || user.isDeleted) throw unknownHolderError('user', id, 'applicationUserId');
      return c.json(explainEffectiveClaims(await loadClaimGraph(services.db, id)));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetEffectivePermissionsOfUserGroup',
    summary: 'Why can they? The same for a user group',
    handler: async ({ c, services, query }) => {
      const id = query.required('applicationUserGroupId');
      const graph = isUuid(id) ? await loadUserGroupClaimGraph(services.db, id) : null;
      if (!graph) throw unknownHolderError('userGroup', id, 'applicationUserGroupId');
      return c.json(explainEffectiveClaims(graph));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetEffectivePermissionsOfClaimGroup',
    summary: 'What a role grants: every claim of the claim group and the roles it nests, with the path and what lost',
    handler: async ({ c, services, query }) => {
      const id = query.required('claimGroupId');
      const graph = isUuid(id) ? claimGroupHolderGraph(id.toLowerCase(), await loadReachableClaimGroups(services.db, [id.toLowerCase()])) : undefined;
      if (!graph) throw unknownHolderError('claimGroup', id, 'claimGroupId');
      return c.json(explainEffectiveClaims(graph));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetPermissionHistory',
    summary: 'Who changed the permissions or members of a user, user group or claim group, and when: newest first, paged',
    handler: async ({ c, services, query }) => {
      const { holderKind, holderId, paging } = readHistoryQuery(query);
      return c.json(holderId ? await readHistory(services.db, holderKind, holderId, paging) : toPaged([], 0, paging));
    },
  }),

  route({
    method: 'POST',
    path: '/api/Claim/RemovesMyAdminAccess',
    summary:
      "Whether making the changes in order would take GlobalDataAdmin away from the caller (nothing is changed): " +
      'computed over the caller, their groups and what the changes name, never every user',
    example: { body: { changes: [] } },
    handler: async (ctx) => {
      const { c, services, auth } = ctx;
      const changes = parseOwnAdminChanges(await readChangeBody(routeRequest(ctx)));
      const model = await loadOwnAccessModel(services.db, auth.user.id, accessReferencesOf(changes));
      return c.json(changesRemoveOwnAdminAccess(model, auth.user.id, changes));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/CheckForAdminRole',
    summary:
      'Whether the user named by authId (oidcId or id) holds GlobalDataAdmin or AdminPanel_Access; ' +
      'checking another user needs Claim_ReadUsers',
    handler: async ({ c, auth, services, query }) => {
      const authId = query.required('authId');
      const self = authId === auth.user.oidcId || authId === auth.user.id;
      if (!mayCheckAdminRoleOf(auth.user, auth.claims, authId)) return claimRequired(c, Permission.Claim_ReadUsers);
      if (self) return c.json(isAdministrator(auth.claims));
      const match = isUuid(authId)
        ? or(eq(applicationUsers.oidcId, authId), eq(applicationUsers.id, authId))
        : eq(applicationUsers.oidcId, authId);
      const [user] = await services.db.select().from(applicationUsers).where(match);
      if (!user || user.isDeleted || !user.isEnabled) return c.json(false);
      return c.json(isAdministrator(await services.claims.effectiveClaims(user.id)));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/CheckForUsers',
    anonymous: true,
    summary: 'Whether any application user exists',
    handler: async ({ c, services }) => {
      const [row] = await services.db
        .select({ n: count() })
        .from(applicationUsers)
        .where(eq(applicationUsers.isDeleted, false));
      return c.json((row?.n ?? 0) > 0);
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetOIDCConfig',
    anonymous: true,
    summary: 'How hosts configure their sign-in: authority, client id and extra scopes',
    handler: ({ c, services }) => {
      const body: OidcConfig = {
        authority: services.issuer,
        clientId: services.config.clientId,
        scopes: services.config.extraScopes,
      };
      return c.json(body);
    },
  }),

  route({
    method: 'POST',
    path: '/api/Claim/ClearUserClaimsCache',
    summary: "Forgets the caller's cached claims",
    handler: ({ c, auth, services }) => {
      services.claims.clearUser(auth.user.id);
      return c.body(null, 204);
    },
  }),
];

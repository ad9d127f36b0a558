/**
 * /api/Claim/… routes of this issue (spec §7): the caller's claims and session data, the admin-role
 * check, OIDC configuration for hosts, cache clearing, claim group listing and claim entries.
 */
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import {
  ButtonClaim,
  ClaimTypeFlags,
  MenuClaim,
  Permission,
  TableClaim,
  type ClaimTypeFlag,
} from '../../../src/api/enums';
import type { ClaimEntry, ClaimGroup, ClaimTypeRecord, OidcConfig, UserSessionData } from '../../../src/api/types';
import { hasClaim, isAdministrator } from '../auth';
import {
  applicationUsers,
  claimGrantsClaimGroups,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroupLinksUsers,
  claimGroups,
} from '../db/schema';
import { toClaimGrant, toClaimGroup, toClaimGroupLink } from './dto';
import { HttpError, isUuid } from './http';
import { route } from './registry';

const sorted = (claims: ReadonlySet<number>) => [...claims].sort((a, b) => a - b);

function entries(o: Record<string, number>): ClaimEntry[] {
  return Object.entries(o).map(([key, value]) => ({ key, value }));
}

/** The claim entries of each claim type, in the default numbering. */
export const CLAIM_ENTRIES_BY_TYPE: ReadonlyMap<ClaimTypeFlag, ClaimEntry[]> = new Map<ClaimTypeFlag, ClaimEntry[]>([
  [ClaimTypeFlags.ServerClaim, entries(Permission)],
  [ClaimTypeFlags.UXClaim, [...entries(ButtonClaim), ...entries(MenuClaim)]],
  [ClaimTypeFlags.TableClaim, entries(TableClaim)],
]);

export const claimRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/GetMyClaims',
    claim: 'authenticated',
    summary: "The caller's effective claim numbers",
    handler: ({ c, auth }) => c.json(sorted(auth.claims)),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetMyUserSessionData',
    claim: 'authenticated',
    summary: "The caller's effective claims and application user id",
    handler: ({ c, auth }) => {
      const body: UserSessionData = { claims: sorted(auth.claims), userId: auth.user.id };
      return c.json(body);
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/CheckForAdminRole',
    claim: 'authenticated',
    summary:
      'Whether the user named by authId (oidcId or id) holds GlobalDataAdmin or AdminPanel_Access; ' +
      'checking another user needs Claim_ReadUsers',
    handler: async ({ c, auth, services, query }) => {
      const authId = query.required('authId');
      const self = authId === auth.user.oidcId || authId === auth.user.id;
      if (!self && !hasClaim(auth.claims, Permission.Claim_ReadUsers)) {
        return c.json({ status: 403, message: 'Forbidden', requiredClaim: 'Claim_ReadUsers' }, 403);
      }
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
    claim: 'public',
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
    claim: 'public',
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
    claim: 'authenticated',
    summary: "Forgets the caller's cached claims",
    handler: ({ c, auth, services }) => {
      services.claims.clearUser(auth.user.id);
      return c.body(null, 204);
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ClaimGroupsList',
    claim: Permission.Claim_ReadClaimGroups,
    summary: 'Every claim group, with the collections the include flags ask for',
    example: {
      query: {
        includeClaims: 'true',
        IncludeApplicationUserGroups: 'true',
        IncludeApplicationUsers: 'true',
        includeClaimGroups: 'true',
      },
    },
    handler: async ({ c, services, query }) => {
      const includeClaims = query.bool('includeClaims');
      const includeUserGroups = query.bool('IncludeApplicationUserGroups');
      const includeUsers = query.bool('IncludeApplicationUsers');
      const includeClaimGroups = query.bool('includeClaimGroups');
      const { db } = services;
      const rows = await db
        .select()
        .from(claimGroups)
        .where(eq(claimGroups.isDeleted, false))
        .orderBy(asc(claimGroups.name));
      const ids = rows.map((r) => r.id);
      const byId = new Map(rows.map((r) => [r.id, toClaimGroup(r)]));
      const groupBy = <T extends { holderId: string } | { claimGroupId: string }>(
        items: T[],
        key: (item: T) => string,
      ) => {
        const map = new Map<string, T[]>();
        for (const item of items) {
          const k = key(item);
          const list = map.get(k);
          if (list) list.push(item);
          else map.set(k, [item]);
        }
        return map;
      };
      const grants =
        includeClaims && ids.length
          ? groupBy(
              await db
                .select()
                .from(claimGrantsClaimGroups)
                .where(and(inArray(claimGrantsClaimGroups.holderId, ids), eq(claimGrantsClaimGroups.isDeleted, false)))
                .orderBy(asc(claimGrantsClaimGroups.claimValue)),
              (g) => g.holderId,
            )
          : null;
      const subLinks =
        includeClaimGroups && ids.length
          ? groupBy(
              await db
                .select()
                .from(claimGroupLinksClaimGroups)
                .where(
                  and(
                    inArray(claimGroupLinksClaimGroups.holderId, ids),
                    eq(claimGroupLinksClaimGroups.isDeleted, false),
                  ),
                ),
              (l) => l.holderId,
            )
          : null;
      const userLinks =
        includeUsers && ids.length
          ? groupBy(
              await db
                .select()
                .from(claimGroupLinksUsers)
                .where(and(inArray(claimGroupLinksUsers.claimGroupId, ids), eq(claimGroupLinksUsers.isDeleted, false))),
              (l) => l.claimGroupId,
            )
          : null;
      const userGroupLinks =
        includeUserGroups && ids.length
          ? groupBy(
              await db
                .select()
                .from(claimGroupLinksUserGroups)
                .where(
                  and(
                    inArray(claimGroupLinksUserGroups.claimGroupId, ids),
                    eq(claimGroupLinksUserGroups.isDeleted, false),
                  ),
                ),
              (l) => l.claimGroupId,
            )
          : null;
      const result: ClaimGroup[] = rows.map((row) => ({
        ...toClaimGroup(row),
        claimEnumsInClaimGroups: grants ? (grants.get(row.id) ?? []).map(toClaimGrant) : null,
        claimGroupsInClaimGroups: subLinks
          ? (subLinks.get(row.id) ?? []).map((l) => toClaimGroupLink(l, byId.get(l.claimGroupId)))
          : null,
        claimGroupsInApplicationUsers: userLinks ? (userLinks.get(row.id) ?? []).map((l) => toClaimGroupLink(l)) : null,
        claimGroupsInApplicationUserGroups: userGroupLinks
          ? (userGroupLinks.get(row.id) ?? []).map((l) => toClaimGroupLink(l))
          : null,
      }));
      return c.json(result);
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetClaimEntriesForClaimTypes',
    claim: 'authenticated', // the catalogue every screen resolves claim keys with (DESIGN §4)
    summary: 'Claim names and numbers per claim type (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => {
      const raw = query.required('flags');
      const flags = Number(raw);
      if (!Number.isInteger(flags) || flags < 0 || flags > 7) {
        throw new HttpError(400, "The parameter 'flags' must be a combination of 1, 2 and 4.");
      }
      const result: ClaimTypeRecord[] = [];
      for (const [claimType, claimEntries] of CLAIM_ENTRIES_BY_TYPE) {
        if (flags & claimType) result.push({ claimType, claimEntries });
      }
      return c.json(result);
    },
  }),
];

/**
 * The one route table of the use cases: for each route its method and path (who may call it is the contract's route →
 * claim table, src/contract/route-access.ts), how its input is read and checked, what the write touches, the use case it
 * runs and how the answer is written. Each backend binds it once: the test fake with MSW over its in-memory db
 * (src/testing/handlers/claim.ts), the reference server with Hono over drizzle (example-host/server/routes/assignments.ts).
 * A binding gives a route only its request ({@link RouteRequest}) and its backend ({@link RouteBackend}): one write
 * holding the stores of {@link PermissionStores}.
 */
import type { RouteMethod } from '../contract/route-access';
import { createProblemDetails, PROBLEM_CONTENT_TYPE, type DomainError, type DomainErrorStatus } from '../domain/errors';
import { retryAfterOf } from '../domain/forms/anonymous-writes';
import { attachmentDisposition } from '../domain/signing';
import {
  checkJsonContentType,
  claimGroupNotFound,
  findGroupByName,
  EVERY_CLAIM_GROUP_INCLUDE,
  HOLDER_LABELS,
  MAX_CHANGE_BODY_BYTES,
  NO_CLAIM_GROUP_INCLUDE,
  normalizeGroupName,
  MAX_REQUEST_BODY_BYTES,
  parseClaimGroupsChange,
  parseClaimsChange,
  parseJsonText,
  parseUsersInGroupsChange,
  requireJsonObject,
  type AccessChange,
  type GroupKind,
  type HolderKind,
  type JsonRecord,
  type QueryParams,
} from '../domain';
import {
  changeClaimGroups,
  removeClaimGroup,
  upsertBuiltInClaimGroups,
  type BuiltInClaimGroupsStore,
  type ClaimGroupRemovalStore,
  type ClaimGroupsStore,
} from './claim-groups';
import { changeClaims, type ClaimsStore } from './claims';
import { createGroup, renameGroup, type GroupsStore } from './groups';
import { changeMembers, type MembersStore } from './members';
import type { Actor, Clock, Ids } from './ports';
import { removeUserGroup, type UserGroupRemovalStore } from './user-groups';

/** Who calls a route: the signed-in user (null: anonymous), and where from. */
export interface RouteCaller {
  user: { id: string; name: string } | null;
  /** The client's address, where the backend knows it. */
  ipAddress: string | null;
  userAgent: string | null;
}

/** What a route reads of its request; each binding reads it from its own framework's request. */
export interface RouteRequest {
  caller: RouteCaller;
  /** The query parameters, read with the domain's rules (names regardless of case). */
  query: QueryParams;
  /** The query string as sent (for readers of their own, such as the OData parser). */
  searchParams: URLSearchParams;
  /** The Content-Type header (null when absent). */
  contentType: string | null;
  /** A request header by name (null when absent). */
  header(name: string): string | null;
  /** The body as text. */
  text(): Promise<string>;
}

/**
 * What a write changes and refers to, so that a backend that runs writes side by side locks just that (the server's
 * advisory locks); `access` is the change of access the domain's guards check before the work.
 */
export interface WriteScope {
  /** Ids of the rows (holders or groups) the write changes. */
  changes?: readonly string[];
  /** Ids of rows the write only refers to (granted claim groups, added users): they must not go away meanwhile. */
  refersTo?: readonly string[];
  /** A group name of this table is checked for uniqueness. */
  names?: GroupKind;
  /** A new claim-group nesting is checked for cycles. */
  nesting?: boolean;
  /** The change of access the write makes (the use case runs the domain's guards on it; a backend locks for it). */
  access?: AccessChange;
  /** The change of access is known only inside the work: guard every access meanwhile. */
  accessLock?: 'exclusive';
}

/** The stores of the permission use cases, made by a backend for one write. */
export interface PermissionStores {
  claims: ClaimsStore;
  claimGroups: ClaimGroupsStore;
  members: MembersStore;
  userGroupRemoval: UserGroupRemovalStore;
  claimGroupRemoval: ClaimGroupRemovalStore;
  builtInClaimGroups: BuiltInClaimGroupsStore;
  groups: GroupsStore;
}

/** What a use case gets inside one write. */
export interface WritePorts<S> {
  stores: S;
  clock: Clock;
  ids: Ids;
}

/** A backend as a permission route sees it: one write (a transaction, on the server) over its stores. */
export interface RouteBackend<S> {
  write<T>(scope: WriteScope, work: (ports: WritePorts<S>) => Promise<T>): Promise<T>;
}

/** A file a route answers with (as an attachment named `fileName`). */
export interface RouteFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/**
 * A route's answer: a JSON body (200, or 503 for a backend that cannot serve; with headers of its own), a file (200), a
 * text or stream written as it is with its headers (200), or none (200 or 204). Refusals are thrown `DomainError`s.
 */
export type RouteAnswer =
  | { status: 200 | 503; body: unknown; headers?: Readonly<Record<string, string>> }
  | { status: 200; file: RouteFile }
  | { status: 200; raw: string | Uint8Array | ReadableStream<Uint8Array>; headers: Readonly<Record<string, string>> }
  | { status: 200 | 204 };

/** A route's answer as HTTP sends it: status, headers and body (JSON text, bytes, a stream, or none). */
export interface HttpAnswer {
  status: 200 | 204 | 503;
  headers: Record<string, string>;
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

/** How a route's answer goes over HTTP, the same from both bindings: JSON as `application/json`, a file as an attachment. */
export function httpAnswerOf(answer: RouteAnswer): HttpAnswer {
  if ('body' in answer) return { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers }, body: JSON.stringify(answer.body ?? null) };
  if ('raw' in answer) return { status: 200, headers: { ...answer.headers }, body: answer.raw };
  if (!('file' in answer)) return { status: answer.status, headers: {}, body: null };
  const { bytes, contentType, fileName } = answer.file;
  const headers = { 'content-type': contentType, 'content-length': String(bytes.byteLength), 'content-disposition': attachmentDisposition(fileName) };
  return { status: 200, headers, body: bytes };
}

/** A refusal as HTTP sends it: its status, headers and problem-details body (JSON text). */
export interface HttpProblem {
  status: DomainErrorStatus;
  headers: Record<string, string>;
  body: string;
}

/**
 * How a refusal goes over HTTP, the same from both bindings: RFC 9457 problem details as `application/problem+json`,
 * and for a refusal that passes with time (429) the `Retry-After` saying how long to wait.
 */
export function httpProblemOf(error: DomainError): HttpProblem {
  const retryAfter = retryAfterOf(error);
  const headers: Record<string, string> = { 'content-type': PROBLEM_CONTENT_TYPE };
  if (retryAfter !== null) headers['retry-after'] = retryAfter;
  return { status: error.status, headers, body: JSON.stringify(createProblemDetails(error.status, error.message, error.extensions)) };
}

/** One route of the table; `B` is the backend its area's use cases run on. */
export interface ServiceRoute<B> {
  method: RouteMethod;
  /** The exact path, as in the contract's route → claim table. */
  path: string;
  /** One line for docs and logs. */
  summary: string;
  /** Reads and checks the request, runs the use case in one write of `backend`, and answers. */
  handle(request: RouteRequest, backend: B): Promise<RouteAnswer>;
}

/** A permission route: its use case runs in one write over {@link PermissionStores}. */
export type PermissionRoute = ServiceRoute<RouteBackend<PermissionStores>>;

/** The JSON object body of a request: 415 unless JSON, 413 past `maxBytes` (default the domain's request size), 400 unless an object. */
export async function readBody(request: RouteRequest, maxBytes: number = MAX_REQUEST_BODY_BYTES): Promise<JsonRecord> {
  checkJsonContentType(request.contentType);
  return requireJsonObject(parseJsonText(await request.text(), maxBytes));
}

/** The JSON object body of a change request: as {@link readBody}, 413 past the domain's change body limit. */
export const readChangeBody = (request: RouteRequest): Promise<JsonRecord> => readBody(request, MAX_CHANGE_BODY_BYTES);

/** The history's name for the caller (null: nobody signed in). */
export const actorOf = (request: RouteRequest): Actor => (request.caller.user ? { id: request.caller.user.id, name: request.caller.user.name } : null);

/** A JSON answer. */
export const json = (body: unknown, headers?: Readonly<Record<string, string>>): RouteAnswer => (headers ? { status: 200, body, headers } : { status: 200, body });
/** The answer without a body: 204. */
export const NO_CONTENT: RouteAnswer = { status: 204 };
/** The answer without a body: 200. */
export const EMPTY_OK: RouteAnswer = { status: 200 };

const HOLDER_SUFFIXES: readonly (readonly [string, HolderKind])[] = [
  ['AppUserOrUsers', 'user'],
  ['ClaimGroupOrClaimGroups', 'claimGroup'],
  ['AppUserGroupOrUserGroups', 'userGroup'],
];

function claimGroupsRoute([suffix, kind]: readonly [string, HolderKind]): PermissionRoute {
  return {
    method: 'POST',
    path: `/api/Claim/AddRemoveUpdateClaimGroupsTo${suffix}`,
    summary: `Grants and revokes claim groups of ${HOLDER_LABELS[kind]}s; answers their claim group links`,
    async handle(request, backend) {
      const change = parseClaimGroupsChange(await readChangeBody(request));
      const scope: WriteScope = {
        changes: change.claimGroupSets,
        refersTo: [...change.claimGroupsToAdd, ...change.claimGroupsToRemove],
        nesting: kind === 'claimGroup' && change.claimGroupsToAdd.length > 0,
        access: { type: 'claimGroups', holderKind: kind, change },
      };
      return json(await backend.write(scope, ({ stores, clock, ids }) => changeClaimGroups({ store: stores.claimGroups, clock, ids }, kind, change, actorOf(request))));
    },
  };
}

function claimsRoute([suffix, kind]: readonly [string, HolderKind]): PermissionRoute {
  return {
    method: 'POST',
    path: `/api/Claim/AddRemoveUpdateClaimsTo${suffix}`,
    summary: `Grants, updates and revokes claims of ${HOLDER_LABELS[kind]}s; answers their claim grants`,
    async handle(request, backend) {
      const change = parseClaimsChange(await readChangeBody(request));
      const scope: WriteScope = { changes: change.claimSets, access: { type: 'claims', holderKind: kind, change } };
      return json(await backend.write(scope, ({ stores, clock, ids }) => changeClaims({ store: stores.claims, clock, ids }, kind, change, actorOf(request))));
    },
  };
}

const ALL_USER_GROUP_COLLECTIONS = { claims: true, users: true, claimGroups: true };
const NO_USER_GROUP_COLLECTIONS = { claims: false, users: false, claimGroups: false };

/** Creating a group of `kind`: answers it with every collection (409 when the name is taken). */
function createGroupRoute(kind: GroupKind): PermissionRoute {
  const userGroup = kind === 'userGroup';
  return {
    method: 'POST',
    path: userGroup ? '/api/Claim/CreateNewApplicationUserGroup' : '/api/Claim/CreateNewClaimGroup',
    summary: `Creates ${userGroup ? 'an application user group' : 'a claim group'}; answers it (409 when the name is taken)`,
    async handle(request, backend) {
      const name = normalizeGroupName(request.query.get('groupName'), 'groupName');
      return json(
        await backend.write({ names: kind }, async ({ stores, clock, ids }) => {
          const id = await createGroup({ store: stores.groups, clock, ids }, kind, name);
          return userGroup ? stores.groups.userGroupOf(id, ALL_USER_GROUP_COLLECTIONS) : stores.groups.claimGroupOf(id, EVERY_CLAIM_GROUP_INCLUDE);
        }),
      );
    },
  };
}

/**
 * The permission writes of `/api/Claim/*`: grants, links, members, creating and renaming groups, deleting a user group
 * and restoring the built-in claim groups.
 */
export const PERMISSION_ROUTES: readonly PermissionRoute[] = [
  createGroupRoute('userGroup'),
  {
    method: 'PUT',
    path: '/api/Claim/RenameAppUserGroup',
    summary: 'Renames the application user group currentGroupId; answers it',
    async handle(request, backend) {
      const name = normalizeGroupName(request.query.get('newGroupName'), 'newGroupName');
      const id = request.query.id('currentGroupId');
      return json(
        await backend.write({ names: 'userGroup', changes: [id] }, async ({ stores, clock }) => {
          await renameGroup({ store: stores.groups, clock }, 'userGroup', { id }, name);
          return stores.groups.userGroupOf(id, NO_USER_GROUP_COLLECTIONS);
        }),
      );
    },
  },
  createGroupRoute('claimGroup'),
  {
    method: 'PUT',
    path: '/api/Claim/RenameClaimGroup',
    summary: 'Renames the claim group named currentGroupName; answers it',
    async handle(request, backend) {
      const name = normalizeGroupName(request.query.get('newGroupName'), 'newGroupName');
      return json(
        await backend.write({ names: 'claimGroup' }, async ({ stores, clock }) => {
          const current = request.query.required('currentGroupName').trim();
          const id = await renameGroup({ store: stores.groups, clock }, 'claimGroup', { name: current }, name);
          return stores.groups.claimGroupOf(id, NO_CLAIM_GROUP_INCLUDE);
        }),
      );
    },
  },
  ...HOLDER_SUFFIXES.map(claimGroupsRoute),
  ...HOLDER_SUFFIXES.map(claimsRoute),
  {
    method: 'POST',
    path: '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups',
    summary: 'Adds users to and removes users from application user groups; answers their memberships',
    async handle(request, backend) {
      const change = parseUsersInGroupsChange(await readChangeBody(request));
      const scope: WriteScope = {
        changes: change.applicationUsersGroups,
        refersTo: [...change.applicationUsersToAdd, ...change.applicationUsersToRemove],
        access: { type: 'members', change },
      };
      return json(await backend.write(scope, ({ stores, clock, ids }) => changeMembers({ store: stores.members, clock, ids }, change, actorOf(request))));
    },
  },
  {
    method: 'DELETE',
    path: '/api/Claim/DeleteAppUserGroup',
    summary: 'Deletes an application user group with its memberships, claims and links (204)',
    async handle(request, backend) {
      const id = request.query.id('groupToDeleteId');
      const scope: WriteScope = { changes: [id], access: { type: 'deleteUserGroup', userGroupId: id } };
      await backend.write(scope, ({ stores }) => removeUserGroup({ store: stores.userGroupRemoval }, id));
      return NO_CONTENT;
    },
  },
  {
    method: 'DELETE',
    path: '/api/Claim/DeleteClaimGroupByName',
    summary: 'Deletes a claim group with its claims and links (204); built-in groups answer 409',
    async handle(request, backend) {
      const name = request.query.required('groupName').trim();
      const byName = async (stores: PermissionStores) => {
        const group = findGroupByName((await stores.groups.groupRows('claimGroup')).filter((g) => !g.isDeleted), name);
        if (!group) throw claimGroupNotFound(name);
        return group;
      };
      const { id } = await backend.write({}, ({ stores }) => byName(stores));
      const scope: WriteScope = { changes: [id], access: { type: 'deleteClaimGroup', claimGroupId: id } };
      await backend.write(scope, async ({ stores, clock, ids }) => {
        // Renamed or deleted meanwhile: looked up again under the lock.
        const group = await byName(stores);
        if (group.id !== id) throw claimGroupNotFound(name);
        await removeClaimGroup({ store: stores.claimGroupRemoval, clock, ids }, group, actorOf(request));
      });
      return NO_CONTENT;
    },
  },
  {
    method: 'GET',
    path: '/api/Claim/UpsertBuiltInClaimGroups',
    summary: 'Creates the missing built-in claim groups (overrideExisting: also resets existing ones)',
    async handle(request, backend) {
      const override = request.query.requiredBool('overrideExisting');
      const scope: WriteScope = { names: 'claimGroup', nesting: true, accessLock: 'exclusive' };
      return json(
        await backend.write(scope, ({ stores, clock, ids }) =>
          upsertBuiltInClaimGroups({ store: stores.builtInClaimGroups, clock, ids }, override, actorOf(request)),
        ),
      );
    },
  },
];

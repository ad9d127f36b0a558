/**
 * `@ccq/forms-admin/testing`: an in-memory, stateful fake of the whole backend API as MSW 2
 * handlers, with deterministic seed data. For our tests and stories, and for host apps' tests.
 *
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createFakeBackend, seedIds } from '@ccq/forms-admin/testing';
 *
 * const backend = createFakeBackend();                 // seeded, signed in as Ada Admin
 * const server = setupServer(...backend.handlers('http://localhost'));
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 * afterEach(() => { server.resetHandlers(); backend.reset(); });
 * afterAll(() => server.close());
 *
 * backend.setCurrentUser(seedIds.users.reader);       // or 'reader' (oidcId), or null (anonymous → 401)
 * server.use(errorHandlers.failing('/api/Claim/ClaimGroupsList', 500));
 * ```
 *
 * Decisions worth knowing:
 * - Soft-deleted rows are left out of OData answers unless the `$filter` names `isDeleted`.
 * - OData reads are parsed and evaluated by the domain's OData rules (`src/domain/odata`), the same
 *   parser the reference server uses: without `$top` at most 100 rows come back; a malformed query is a 400.
 * - Paged calls count pages from 1; a null page answers everything.
 * - `FormGenerator/UploadPdf` answers drafts: the generated form and schema are not stored.
 * - Claims are not enforced unless `enforceClaims` is on; GetMyClaims always answers the user's
 *   effective claims. With it on, each route needs the claim the reference server needs (e.g.
 *   `Claim_ReadClaimEntries` for the claim names and descriptions; `Claim_ReadUsers` to check another
 *   user's admin role — anyone may check themselves).
 * - The fake keeps storage and HTTP only: who may call each route, the reading of parameters and
 *   bodies, name rules, limits, the nesting and access guards and the claim catalogue are the domain
 *   rules of src/domain, the same the reference server runs. So the Claim area answers as the server
 *   (`tests/contract` runs the same scenarios against both): errors are RFC 9457 problem details
 *   (`application/problem+json`, `{ type: 'about:blank', title, status, detail }`, plus
 *   `requiredClaim` on a 403 for a claim, `code` on a 409 of the access guards) with the server's texts;
 *   unknown ids are 404, malformed ones 400; a change that would leave no enabled user holding
 *   GlobalDataAdmin, or that deletes or empties a built-in claim group, is 409 — whether or not claims
 *   are enforced; one change may touch at most 2000 holder × item pairs (413); `GetMyUserSessionData`
 *   needs a signed-in user; soft-deleted rows are left out of `GetEntitiesWithPermissions`.
 * - The built-in claim groups (`builtInClaimGroups()`) are the shared definitions of
 *   `BUILT_IN_CLAIM_GROUP_DEFINITIONS` (`@ccq/forms-admin/api`), the same the reference server seeds.
 *
 * @packageDocumentation
 */
export { createFakeBackend, FAKE_USER_TOKEN_PREFIX } from './backend';
export type { Caller, FakeBackend, FakeBackendOptions, RecordedRequest } from './backend';
export { createHandlerGroups, createHandlers, fakeRoutes, HANDLER_GROUP_NAMES } from './handlers';
export type {
  CreateHandlersOptions,
  FakeRoute,
  HandlerGroupName,
  HandlerGroups,
  HandlerOptions,
  RouteAccess,
  RouteContext,
  RouteMethod,
} from './handlers';
export { errorHandlers } from './error-handlers';
export type { ErrorHandlerOptions } from './error-handlers';
export { builtInClaimGroups, createSeedDb, exampleApplication, seed, SEED_EPOCH, SEED_PRIMITIVE_PATHS, seedDate, seedIds, seedOidcIds } from './seed';
export type { BuiltInClaimGroup } from './seed';
export { createEmptyDb } from './db';
export type {
  DeletionNotice,
  ExternalUser,
  FakeDb,
  FakeEnvelope,
  HealthStatus,
  HolderKind,
  LinkToken,
  StoredClaimGrant,
  StoredClaimGroup,
  StoredClaimGroupLink,
  StoredMembership,
  StoredPdf,
  StoredUser,
  StoredUserGroup,
} from './db';
export { CLAIM_CATALOGUE as CLAIM_CATALOG, claimTypeRecords, ROW_LEVEL_TABLES } from '../domain';
export type { CatalogueClaim as CatalogClaim } from '../domain';
export { FakeHttpError } from './http';
export type { ProblemDetails } from './http';
export { minimalPdf } from './pdf';
export { addScaleData, scaleClaimGroupId, scaleUserGroupId, scaleUserId } from './scale';
export type { ScaleSize } from './scale';

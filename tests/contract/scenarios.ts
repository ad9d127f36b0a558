/**
 * One suite of Claim-area scenarios (docs/spec.md, Calls), written against the typed client and run against
 * every target (see `targets.ts`). Each scenario asserts the semantics itself and records the
 * shapes of what it got (`shapeOf`) and a few facts; `claim-area.test.ts` then compares the records
 * of the fake and the server step by step.
 *
 * Facts hold what must be equal on both, down to the values: effective claims of the seeded
 * accounts, the built-in claim groups, and the problem details of refusals (RFC 9457
 * `{ type, title, status, detail }` served as `application/problem+json`), their detail texts included.
 * There are no known differences: a difference found is fixed in the fake or the server, and a
 * scenario here keeps it from coming back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_IN_CLAIM_GROUP_DEFINITIONS,
  builtInGroupDeleteReason,
  builtInGroupEmptyReason,
  LAST_ADMINISTRATOR_MESSAGE,
  ButtonClaim,
  ClaimTypeFlags,
  DefaultClaimNumbers,
  MenuClaim,
  Permission,
  RowLevelPermission,
  defaultClaimTypeOf,
  isApiError,
  type ApiError,
  type ClaimApi,
  type ClaimBase,
  type ClaimGrant,
  type ClaimGroup,
  type ClaimKey,
} from '../../src/api';
import { START_TIMEOUT_MS } from '../server/helpers';
import { shapeOf, type ShapeOptions } from './shape';
import { SEEDED_OIDC_IDS, type ContractTarget } from './targets';

/** Every step whose shape is recorded, in order. */
export const CONTRACT_STEPS = [
  'GetMyUserSessionData',
  'CheckForAdminRole',
  'GetClaimEntriesForClaimTypes',
  'GetClaimNamesForClaimTypeNames',
  'GetClaimEntriesWithDescriptionsForClaimTypes',
  'ListTablesWithRowLevelPermissions',
  'GetEntitiesWithPermissions',
  'GetMyClaims',
  'CreateNewClaimGroup',
  'ClaimGroupsList (true, false, false, true)',
  'ClaimGroupsPaged',
  'RenameClaimGroup',
  'AddRemoveUpdateClaimsToClaimGroupOrClaimGroups (added)',
  'AddRemoveUpdateClaimsToClaimGroupOrClaimGroups (updated)',
  'ClaimGroupsList (claims)',
  'AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups',
  'ClaimGroupsList (sub-groups)',
  'ClaimGroupsPaged (search)',
  'ClaimGroupsPaged (subGroupCandidatesOf)',
  'CreateNewApplicationUserGroup',
  'ApplicationList',
  'AddRemoveUpdateAppUsersInAppuserGroups',
  'AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups',
  'AddRemoveUpdateClaimsToAppUserGroupOrUserGroups',
  'ApplicationUserGroupsList (all includes)',
  'ApplicationUserGroupsPaged',
  'GetEffectivePermissionsOfUserGroup',
  'GetEffectivePermissionsOfUser',
  'GetEffectivePermissionsOfClaimGroup',
  'GetPermissionHistory',
  'ApplicationList (all includes)',
  'ApplicationUsersPaged',
  'ApplicationUsersPaged (search by id, all includes)',
  'ApplicationUserGroupsPaged (search, members)',
  'RemovesMyAdminAccess',
  'AddRemoveUpdateClaimGroupsToAppUserOrUsers',
  'AddRemoveUpdateClaimsToAppUserOrUsers',
  'RenameAppUserGroup',
  'FullSyncAndReturnExternalUsers',
  'UpsertBuiltInClaimGroups (Administrators)',
  'UpsertBuiltInClaimGroups (overrideExisting)',
  'problem details',
] as const;
export type ContractStep = (typeof CONTRACT_STEPS)[number];

/** What one run observed: shapes per step, and facts that must be equal on every target. */
export interface Observations {
  shapes: Map<ContractStep, unknown>;
  facts: Map<string, unknown>;
}

export function newObservations(): Observations {
  return { shapes: new Map(), facts: new Map() };
}

const SCREEN_FLAGS = {
  includeClaims: true,
  IncludeApplicationUserGroups: false,
  IncludeApplicationUsers: false,
  includeClaimGroups: true,
} as const;
const NO_FLAGS = {
  includeClaims: false,
  IncludeApplicationUserGroups: false,
  IncludeApplicationUsers: false,
  includeClaimGroups: false,
} as const;
const NO_USER_FLAGS = { includeClaims: false, IncludeApplicationUserGroups: false, includeClaimGroups: false } as const;
const ALL_USER_FLAGS = { includeClaims: true, IncludeApplicationUserGroups: true, includeClaimGroups: true } as const;

/** The ApiError a call rejects with (fails the test when it resolves or rejects otherwise). */
async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('Expected the call to fail with an ApiError');
}

/** A value that must not be null (the client types every answer as `T | null`). */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} answered null`);
  return value;
}

/** An RFC 9457 problem details body as both backends answer it. */
interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

/** The problem details an ApiError carries, checked: served as problem+json, parsed by the client into `result`. */
function problemOf(error: ApiError, status: number, title: string): Problem {
  expect(error.status).toBe(status);
  expect(error.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(error.result).toMatchObject({ type: 'about:blank', title, status, detail: expect.any(String) });
  return error.result as Problem;
}

/** A user id nobody has, on either backend. */
const UNKNOWN_ID = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

const sortedIds = (ids: readonly string[]) => [...ids].sort();
const sortedNumbers = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const grantSummary = (rows: readonly ClaimGrant[]) =>
  rows.map((r) => [r.claimValue, r.claimType, r.allow, r.priorityOfPermission] as const).sort((a, b) => a[0] - b[0]);

/** Defines the suite for one target. */
export function defineClaimAreaContract(
  start: () => Promise<ContractTarget>,
  name: 'fake' | 'server',
  seen: Observations,
) {
  describe(`Claim area contract — ${name}`, () => {
    let target: ContractTarget | undefined;
    let api: ClaimApi;
    const suffix = crypto.randomUUID().slice(0, 8);
    const names = {
      role: `Contract Role ${suffix}`,
      renamed: `Contract Role Renamed ${suffix}`,
      a: `Contract Nest A ${suffix}`,
      b: `Contract Nest B ${suffix}`,
      c: `Contract Nest C ${suffix}`,
      team: `Contract Team ${suffix}`,
      teamRenamed: `Contract Team Renamed ${suffix}`,
    };
    const ids = { role: '', a: '', b: '', c: '', team: '', users: [] as string[] };
    const record = (step: ContractStep, value: unknown, options?: ShapeOptions) => {
      seen.shapes.set(step, shapeOf(value, options));
    };
    /** A text with this run's suffix taken out, so that facts compare across targets. */
    const neutral = (text: string) => text.split(suffix).join('…');
    /** Records the problem details of a refusal as a fact (the detail texts must be the same). */
    const problemFact = (fact: string, problem: Problem) => {
      seen.facts.set(`problem: ${fact}`, { ...problem, detail: neutral(problem.detail) });
    };

    beforeAll(async () => {
      target = await start();
      api = target.client.claim;
    }, START_TIMEOUT_MS);

    afterAll(async () => {
      await target?.stop();
    });

    // First: later scenarios change grants of the seeded users.
    it('the seeded administrator, editor and reader hold the same effective claims on both', async () => {
      const t = target as ContractTarget;
      for (const oidcId of SEEDED_OIDC_IDS) {
        const client = t.clientAs(oidcId);
        const claims = present(await client.claim.getMyClaims(), `GetMyClaims of ${oidcId}`);
        const session = present(await client.claim.getMyUserSessionData(), `GetMyUserSessionData of ${oidcId}`);
        if (oidcId === 'reader') record('GetMyUserSessionData', session);
        expect(session.claims).toEqual(claims);
        expect(typeof session.userId).toBe('string');
        const admin = await client.claim.checkForAdminRole(oidcId);
        if (oidcId === 'reader') record('CheckForAdminRole', admin);
        seen.facts.set(`effective claims of ${oidcId}`, claims);
        seen.facts.set(`admin role of ${oidcId}`, admin);
      }
      const facts = (oidcId: string) => seen.facts.get(`effective claims of ${oidcId}`) as number[];
      expect(facts('admin')).toEqual(sortedNumbers(Object.values(DefaultClaimNumbers)));
      // The editor: Form Editors ⊃ Form Readers, the hard deletes denied by No Hard Delete.
      expect(facts('editor')).toContain(Permission.AdminPanel_Access);
      expect(facts('editor')).toContain(MenuClaim.FormBuilder_AllowRead);
      expect(facts('editor')).not.toContain(Permission.Form_Delete);
      expect(facts('editor')).not.toContain(MenuClaim.RoleManagement_AllowRead);
      // The reader: the read claims of Form Readers only; no admin panel, no menus, no buttons.
      const readers = BUILT_IN_CLAIM_GROUP_DEFINITIONS.find((d) => d.key === 'formReaders');
      expect(facts('reader')).toEqual(sortedNumbers(readers?.claims ?? []));
      expect(seen.facts.get('admin role of reader')).toBe(false);
    });

    it('claim catalogue: the same claim types, keys, values and descriptions', async () => {
      const entries = present(await api.getClaimEntriesForClaimTypes(7), 'GetClaimEntriesForClaimTypes');
      record('GetClaimEntriesForClaimTypes', entries);
      expect(entries.map((r) => r.claimType)).toEqual([1, 2, 4]);
      const flat = Object.fromEntries(entries.flatMap((r) => r.claimEntries.map((e) => [e.key, e.value])));
      expect(flat).toEqual(DefaultClaimNumbers);
      for (const r of entries)
        for (const e of r.claimEntries) expect(defaultClaimTypeOf(e.key as ClaimKey)).toBe(r.claimType);
      expect(present(await api.getClaimEntriesForClaimTypes(6), 'flags 6').map((r) => r.claimType)).toEqual([2, 4]);

      const claimNames = present(await api.getClaimNamesForClaimTypeNames(7), 'GetClaimNamesForClaimTypeNames');
      record('GetClaimNamesForClaimTypeNames', claimNames);
      expect(claimNames.map((n) => [n.claimType, n.claimTypeName])).toEqual([
        [1, 'ServerClaim'],
        [2, 'UXClaim'],
        [4, 'TableClaim'],
      ]);
      expect(claimNames.map((n) => n.claimNames)).toEqual(entries.map((r) => r.claimEntries.map((e) => e.key)));

      const described = present(await api.getClaimEntriesWithDescriptionsForClaimTypes(7), 'descriptions');
      record('GetClaimEntriesWithDescriptionsForClaimTypes', described);
      expect(described.map((r) => r.claimEntries.map((e) => [e.key, e.value]))).toEqual(
        entries.map((r) => r.claimEntries.map((e) => [e.key, e.value])),
      );
      seen.facts.set(
        'claim descriptions',
        Object.fromEntries(described.flatMap((r) => r.claimEntries.map((e) => [e.key, e.description]))),
      );
      expect((await apiError(api.getClaimEntriesForClaimTypes(8))).status).toBe(400);
    });

    it('row-level permissions and my claims (the administrator holds everything)', async () => {
      const tables = present(await api.listTablesWithRowLevelPermissions(), 'ListTablesWithRowLevelPermissions');
      record('ListTablesWithRowLevelPermissions', tables);
      expect(tables).toEqual(['Form', 'FormGroup', 'FormInstance', 'FormSchema']);
      const forms = present(await api.getEntitiesWithPermissions('Form'), 'GetEntitiesWithPermissions');
      record('GetEntitiesWithPermissions', forms);
      expect(forms.length).toBeGreaterThan(0);
      expect(forms.every((f) => f.permission === RowLevelPermission.All)).toBe(true);
      expect((await apiError(api.getEntitiesWithPermissions('NoSuchTable'))).status).toBe(400);
      const mine = present(await api.getMyClaims(), 'GetMyClaims');
      record('GetMyClaims', mine);
      expect(mine).toEqual([...new Set(Object.values(DefaultClaimNumbers))].sort((a, b) => a - b));
    });

    it('create a claim group → it is listed; blank names are 400, taken names 409', async () => {
      const created = present(await api.createNewClaimGroup(`  ${names.role}  `), 'CreateNewClaimGroup');
      record('CreateNewClaimGroup', created);
      expect(created).toMatchObject({
        name: names.role,
        builtInGroup: false,
        isDeleted: false,
        claimEnumsInClaimGroups: [],
        claimGroupsInClaimGroups: [],
        claimGroupsInApplicationUsers: [],
        claimGroupsInApplicationUserGroups: [],
      });
      expect(created.createdDateTime).toBeInstanceOf(Date);
      ids.role = created.id;

      const listed = present(await api.claimGroupsList(SCREEN_FLAGS), 'ClaimGroupsList').find((g) => g.id === ids.role);
      record('ClaimGroupsList (true, false, false, true)', listed);
      expect(listed).toMatchObject({
        name: names.role,
        claimEnumsInClaimGroups: [],
        claimGroupsInClaimGroups: [],
        claimGroupsInApplicationUsers: null,
        claimGroupsInApplicationUserGroups: null,
      });
      expect((await apiError(api.createNewClaimGroup('   '))).status).toBe(400);
      expect((await apiError(api.createNewClaimGroup(names.role.toUpperCase()))).status).toBe(409);
    });

    it('claim groups page by page (page from 1)', async () => {
      const all = present(await api.claimGroupsList(NO_FLAGS), 'ClaimGroupsList');
      const page = present(await api.claimGroupsPaged({ ...SCREEN_FLAGS, page: 1, count: 2 }), 'ClaimGroupsPaged');
      record('ClaimGroupsPaged', page);
      expect(page.totalRecCount).toBe(all.length);
      expect(page.totalPageCount).toBe(Math.ceil(all.length / 2));
      expect(page.list?.map((g) => g.id)).toEqual(all.slice(0, 2).map((g) => g.id));
      const second = present(await api.claimGroupsPaged({ ...NO_FLAGS, page: 2, count: 2 }), 'page 2');
      expect(second.list?.map((g) => g.id)).toEqual(all.slice(2, 4).map((g) => g.id));
      // A page below 1 is page 1; a count below 1 is 10 a page.
      const zero = present(await api.claimGroupsPaged({ ...NO_FLAGS, page: 0, count: 0 }), 'page 0');
      expect(zero.list?.map((g) => g.id)).toEqual(all.slice(0, 10).map((g) => g.id));
      expect(zero.totalPageCount).toBe(Math.ceil(all.length / 10));
      // Without a page: the first page of the default size, never the whole table.
      const first = present(await api.claimGroupsPaged({ ...NO_FLAGS, page: null }), 'no page');
      expect(first).toMatchObject({ totalRecCount: all.length, totalPageCount: Math.ceil(all.length / 10) });
      expect(first.list?.map((g) => g.id)).toEqual(all.slice(0, 10).map((g) => g.id));
    });

    it('rename a claim group; unknown names are 404', async () => {
      const renamed = present(await api.renameClaimGroup(names.renamed, names.role), 'RenameClaimGroup');
      record('RenameClaimGroup', renamed);
      expect(renamed).toMatchObject({ id: ids.role, name: names.renamed, claimEnumsInClaimGroups: null });
      const listedNames = present(await api.claimGroupsList(NO_FLAGS), 'list').map((g) => g.name);
      expect(listedNames).toContain(names.renamed);
      expect(listedNames).not.toContain(names.role);
      expect((await apiError(api.renameClaimGroup(`${names.role} 2`, names.role))).status).toBe(404);
      expect((await apiError(api.renameClaimGroup('  ', names.renamed))).status).toBe(400);
    });

    it('grant claims with priorities to the claim group, then update and remove some', async () => {
      const added = present(
        await api.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
          claimSets: [ids.role],
          claimBaseToAddUpdate: [
            {
              claimValue: Permission.Form_Add,
              claimType: ClaimTypeFlags.ServerClaim,
              allow: true,
              priorityOfPermission: 5,
            },
            {
              claimValue: Permission.Form_Delete,
              claimType: ClaimTypeFlags.ServerClaim,
              allow: false,
              priorityOfPermission: 10,
            },
            {
              claimValue: ButtonClaim.CreateForm_AllowRead,
              claimType: ClaimTypeFlags.UXClaim,
              allow: true,
              priorityOfPermission: 1,
            },
          ],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        }),
        'AddRemoveUpdateClaimsToClaimGroupOrClaimGroups',
      );
      record('AddRemoveUpdateClaimsToClaimGroupOrClaimGroups (added)', added);
      expect(grantSummary(added)).toEqual([
        [Permission.Form_Add, 1, true, 5],
        [Permission.Form_Delete, 1, false, 10],
        [ButtonClaim.CreateForm_AllowRead, 2, true, 1],
      ]);
      expect(added.every((r) => r.recordId === ids.role && r.isDeleted === false)).toBe(true);
      const idOf = (rows: ClaimGrant[], value: number) => rows.find((r) => r.claimValue === value)?.id;

      const updated = present(
        await api.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
          claimSets: [ids.role],
          claimBaseToAddUpdate: [
            {
              claimValue: Permission.Form_Add,
              claimType: ClaimTypeFlags.ServerClaim,
              allow: true,
              priorityOfPermission: 7,
            },
          ],
          claimEnumsToRemoveValue: [Permission.Form_Delete],
          removeExistingUnMentionedClaimBase: false,
        }),
        'update',
      );
      record('AddRemoveUpdateClaimsToClaimGroupOrClaimGroups (updated)', updated);
      expect(grantSummary(updated)).toEqual([
        [Permission.Form_Add, 1, true, 7],
        [ButtonClaim.CreateForm_AllowRead, 2, true, 1],
      ]);
      // Updated in place: the rows keep their ids.
      expect(idOf(updated, Permission.Form_Add)).toBe(idOf(added, Permission.Form_Add));
      expect(idOf(updated, ButtonClaim.CreateForm_AllowRead)).toBe(idOf(added, ButtonClaim.CreateForm_AllowRead));

      const listed = present(await api.claimGroupsList(SCREEN_FLAGS), 'list').find((g) => g.id === ids.role);
      record('ClaimGroupsList (claims)', listed);
      expect(grantSummary(listed?.claimEnumsInClaimGroups ?? [])).toEqual(grantSummary(updated));
    });

    it('nest claim groups; a cycle or a group in itself is refused with 400', async () => {
      for (const key of ['a', 'b', 'c'] as const) {
        ids[key] = present(await api.createNewClaimGroup(names[key]), 'create').id;
      }
      const change = (holder: string, add: string[]) =>
        api.addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups({
          claimGroupSets: [holder],
          claimGroupsToAdd: add,
          claimGroupsToRemove: [],
          removeExistingUnMentionedClaimGroups: false,
        });
      const ab = present(await change(ids.a, [ids.b]), 'AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups');
      record('AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', ab);
      expect(ab.map((l) => [l.holderId, l.recordId, l.priorityOfPermission])).toEqual([[ids.a, ids.b, 1]]);
      expect(ab[0]?.claimGroup).toMatchObject({ id: ids.b, name: names.b });
      await change(ids.b, [ids.c]);

      const cycle = await apiError(change(ids.c, [ids.a]));
      expect(cycle.status).toBe(400);
      expect((await apiError(change(ids.a, [ids.a]))).status).toBe(400);

      const groups = present(await api.claimGroupsList(SCREEN_FLAGS), 'list');
      const a = groups.find((g) => g.id === ids.a);
      record('ClaimGroupsList (sub-groups)', a);
      expect(a?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toEqual([ids.b]);
      expect(groups.find((g) => g.id === ids.c)?.claimGroupsInClaimGroups).toEqual([]);
    });

    it('name search (beyond the spec): id or name regardless of case, wildcards literal, by name, paged; sub-group candidates', async () => {
      const all = { ...NO_FLAGS, page: 1 };
      const names_ = (page: { list: ClaimGroup[] | null }) => (page.list ?? []).map((g) => neutral(g.name));
      // This run's groups (the nested A ⊃ B ⊃ C and the renamed role), whatever the case of the search, in name order.
      const nest = present(await api.claimGroupsPaged({ ...all, search: `  ${suffix.toUpperCase()} ` }), 'search');
      record('ClaimGroupsPaged (search)', nest);
      expect(nest.list?.map((g) => g.id)).toEqual([ids.a, ids.b, ids.c, ids.role]);
      expect(nest.totalRecCount).toBe(4);
      seen.facts.set('search: nest', names_(nest));
      // A page of a search.
      const second = present(await api.claimGroupsPaged({ ...all, page: 2, count: 1, search: suffix }), 'page 2');
      expect([second.list?.map((g) => g.id), second.totalRecCount, second.totalPageCount]).toEqual([[ids.b], 4, 4]);
      // An id finds that group only (in any case); part of an id finds nothing.
      const byId = present(await api.claimGroupsPaged({ ...all, search: ids.c.toUpperCase() }), 'by id');
      expect(byId.list?.map((g) => g.id)).toEqual([ids.c]);
      expect(present(await api.claimGroupsPaged({ ...all, search: ids.c.slice(0, 13) }), 'part of an id').totalRecCount).toBe(0);
      // % and _ are characters, not wildcards.
      const percent = present(await api.createNewClaimGroup(`Contract 100%_off ${suffix}`), 'create').id;
      const literal = present(await api.claimGroupsPaged({ ...all, search: `%_off ${suffix}` }), 'literal');
      expect(literal.list?.map((g) => g.id)).toEqual([percent]);
      expect(present(await api.claimGroupsPaged({ ...all, search: `0%x ${suffix}` }), 'no wildcard').totalRecCount).toBe(0);
      expect(present(await api.claimGroupsPaged({ ...all, search: `contract_nest ${suffix}` }), 'no _ wildcard').totalRecCount).toBe(0);
      // Several words: each anywhere in the name, in any order; a quoted phrase only as written.
      const reversed = present(await api.claimGroupsPaged({ ...all, search: `${suffix} 100%_OFF` }), 'words in any order');
      expect(reversed.list?.map((g) => g.id)).toEqual([percent]);
      expect(present(await api.claimGroupsPaged({ ...all, search: `"${suffix} 100%_off"` }), 'phrase out of order').totalRecCount).toBe(0);
      expect(present(await api.claimGroupsPaged({ ...all, search: `"100%_off ${suffix}"` }), 'phrase').list?.map((g) => g.id)).toEqual([percent]);
      await api.deleteClaimGroupByName(`Contract 100%_off ${suffix}`);
      // A blank search is no search; a search that is too long is 400.
      const blank = present(await api.claimGroupsPaged({ ...all, search: '   ', count: 1000 }), 'blank');
      const none = present(await api.claimGroupsPaged({ ...all, count: 1000 }), 'none');
      expect(blank).toEqual(none);
      expect((await apiError(api.claimGroupsPaged({ ...all, search: 'x'.repeat(201) }))).status).toBe(400);

      // Sub-group candidates (docs/spec.md, Validation rules): never the group itself nor a group containing it.
      const candidates = async (of: string) =>
        present(await api.claimGroupsPaged({ ...SCREEN_FLAGS, page: 1, search: suffix, subGroupCandidatesOf: of }), 'candidates');
      const ofA = await candidates(ids.a);
      record('ClaimGroupsPaged (subGroupCandidatesOf)', ofA);
      expect(ofA.list?.map((g) => g.id)).toEqual([ids.b, ids.c, ids.role]);
      expect((await candidates(ids.b)).list?.map((g) => g.id)).toEqual([ids.c, ids.role]);
      expect((await candidates(ids.c)).list?.map((g) => g.id)).toEqual([ids.role]);
      expect((await candidates(ids.role)).list?.map((g) => g.id)).toEqual([ids.a, ids.b, ids.c]);
      seen.facts.set('search: candidates of C', (await candidates(ids.c)).totalRecCount);
      // Unknown group 404, not an id 400.
      expect((await apiError(api.claimGroupsPaged({ ...all, subGroupCandidatesOf: crypto.randomUUID() }))).status).toBe(404);
      expect((await apiError(api.claimGroupsPaged({ ...all, subGroupCandidatesOf: 'nope' }))).status).toBe(400);
    });

    it('create a user group, add users, grant it a claim group and claims, list with includes', async () => {
      const team = present(await api.createNewApplicationUserGroup(names.team), 'CreateNewApplicationUserGroup');
      record('CreateNewApplicationUserGroup', team);
      expect(team).toMatchObject({
        name: names.team,
        applicationUserApplicationUserGroups: [],
        claimGroupsInApplicationUserGroups: [],
        claimEnumsInApplicationUserGroups: [],
      });
      ids.team = team.id;

      const users = present(await api.applicationList(NO_USER_FLAGS), 'ApplicationList');
      record('ApplicationList', users);
      expect(users.length).toBeGreaterThanOrEqual(2);
      expect(users.every((u) => u.claimEnumsInApplicationUsers === null)).toBe(true);
      ids.users = users.slice(0, 2).map((u) => u.id);

      const joined = present(
        await api.addRemoveUpdateAppUsersInAppuserGroups({
          applicationUsersGroups: [ids.team],
          applicationUsersToAdd: ids.users,
          applicationUsersToRemove: [],
          removeExistingUnMentioned: false,
        }),
        'AddRemoveUpdateAppUsersInAppuserGroups',
      );
      record('AddRemoveUpdateAppUsersInAppuserGroups', joined);
      expect(sortedIds(joined.map((m) => m.applicationUserId))).toEqual(sortedIds(ids.users));
      expect(
        joined.every((m) => m.applicationUserGroupId === ids.team && m.applicationUser?.id === m.applicationUserId),
      ).toBe(true);

      const links = present(
        await api.addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups({
          claimGroupSets: [ids.team],
          claimGroupsToAdd: [ids.a],
          claimGroupsToRemove: [],
          removeExistingUnMentionedClaimGroups: false,
        }),
        'AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups',
      );
      record('AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', links);
      expect(links.map((l) => [l.holderId, l.recordId])).toEqual([[ids.team, ids.a]]);

      const grants = present(
        await api.addRemoveUpdateClaimsToAppUserGroupOrUserGroups({
          claimSets: [ids.team],
          claimBaseToAddUpdate: [
            {
              claimValue: Permission.FormGroup_Select,
              claimType: ClaimTypeFlags.ServerClaim,
              allow: true,
              priorityOfPermission: 2,
            },
          ],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        }),
        'AddRemoveUpdateClaimsToAppUserGroupOrUserGroups',
      );
      record('AddRemoveUpdateClaimsToAppUserGroupOrUserGroups', grants);
      expect(grantSummary(grants)).toEqual([[Permission.FormGroup_Select, 1, true, 2]]);

      const listed = present(
        await api.applicationUserGroupsList({
          includeClaims: true,
          includeApplicationUsers: true,
          includeClaimGroups: true,
        }),
        'ApplicationUserGroupsList',
      ).find((g) => g.id === ids.team);
      record('ApplicationUserGroupsList (all includes)', listed);
      expect(sortedIds(listed?.applicationUserApplicationUserGroups?.map((m) => m.applicationUserId) ?? [])).toEqual(
        sortedIds(ids.users),
      );
      expect(listed?.claimGroupsInApplicationUserGroups?.map((l) => [l.recordId, l.claimGroup?.name])).toEqual([
        [ids.a, names.a],
      ]);
      expect(grantSummary(listed?.claimEnumsInApplicationUserGroups ?? [])).toEqual(grantSummary(grants));
      const bare = present(
        await api.applicationUserGroupsList({
          includeClaims: false,
          includeApplicationUsers: false,
          includeClaimGroups: false,
        }),
        'bare',
      ).find((g) => g.id === ids.team);
      expect(bare).toMatchObject({
        applicationUserApplicationUserGroups: null,
        claimGroupsInApplicationUserGroups: null,
        claimEnumsInApplicationUserGroups: null,
      });

      // The paged call takes the user flags: IncludeApplicationUserGroups asks for the members.
      const groupPage = present(
        await api.applicationUserGroupsPaged({ ...ALL_USER_FLAGS, page: 1, count: 1000 }),
        'ApplicationUserGroupsPaged',
      );
      const pagedTeam = groupPage.list?.find((g) => g.id === ids.team);
      record('ApplicationUserGroupsPaged', pagedTeam);
      expect(pagedTeam?.applicationUserApplicationUserGroups).toHaveLength(2);
      expect(groupPage.totalPageCount).toBe(1);
    });

    it('why can they: effective permissions of the user group and of a member, with the paths', async () => {
      const team = present(await api.getEffectivePermissionsOfUserGroup(ids.team), 'GetEffectivePermissionsOfUserGroup');
      record('GetEffectivePermissionsOfUserGroup', team);
      const select = team.find((p) => p.claimValue === Permission.FormGroup_Select);
      expect(select).toMatchObject({ allowed: true, winner: { priorityOfPermission: 2, path: [{ kind: 'userGroup', id: ids.team, name: names.team }] } });
      // Everything else the team holds comes through claim group A (and what A nests).
      const viaA = team.filter((p) => p !== select);
      expect(viaA.every((p) => p.winner.path[1]?.id === ids.a)).toBe(true);
      const pathsOf = (list: typeof team) =>
        list.map((p) => [p.claimValue, p.allowed, p.winner.path.map((step) => `${step.kind}:${neutral(step.name)}`).join(' → '), p.overruled.map((o) => o.reason)]);
      seen.facts.set('effective permissions of the team', pathsOf(team));

      const member = present(await api.getEffectivePermissionsOfUser(ids.users[0]!), 'GetEffectivePermissionsOfUser');
      record('GetEffectivePermissionsOfUser', member);
      const memberSelect = member.find((p) => p.claimValue === Permission.FormGroup_Select);
      expect(memberSelect?.winner.path.map((step) => step.kind)).toEqual(['user', 'userGroup']);
      expect(memberSelect?.winner.path[1]).toEqual({ kind: 'userGroup', id: ids.team, name: names.team });

      const unknown = await target!.client.claim.getEffectivePermissionsOfUserGroup(crypto.randomUUID()).catch((e: unknown) => e);
      expect(unknown).toMatchObject({ status: 404 });

      // A role: its own grants read as granted directly, the nested roles' through them.
      const role = present(await api.getEffectivePermissionsOfClaimGroup(ids.role), 'GetEffectivePermissionsOfClaimGroup');
      record('GetEffectivePermissionsOfClaimGroup', role);
      expect(role.length).toBeGreaterThan(0);
      expect(role.every((p) => p.winner.path[0]?.kind === 'claimGroup' && p.winner.path[0]?.id === ids.role)).toBe(true);
      seen.facts.set('effective permissions of the role', pathsOf(role));
      expect((await apiError(api.getEffectivePermissionsOfClaimGroup(crypto.randomUUID()))).status).toBe(404);
    });

    it('change history: the team’s members, claim group and claim changes, newest first, paged; admins only', async () => {
      const history = present(await api.getPermissionHistory('userGroup', ids.team, { page: 1, count: 10 }), 'GetPermissionHistory');
      record('GetPermissionHistory', history.list?.[0]);
      expect(history.totalRecCount).toBe(3);
      const entries = history.list ?? [];
      expect(entries.map((e) => e.action)).toEqual(['claims', 'claimGroups', 'members']);
      expect(entries.every((e) => e.holderName === names.team && e.actor !== null)).toBe(true);
      expect(entries[0]?.added).toEqual([{ key: `claim:${Permission.FormGroup_Select}`, label: 'FormGroup_Select', detail: 'allow · priority 2' }]);
      expect(entries[1]?.added.map((i) => neutral(i.label))).toEqual([neutral(names.a)]);
      expect(entries[2]?.added).toHaveLength(2);
      expect(entries[0]!.at).toBeInstanceOf(Date);
      // The seeds hold different users; which two joined is not a fact to compare.
      seen.facts.set(
        'history of the team',
        entries.map((e) => [e.action, e.actor?.name, ...[e.added, e.removed, e.updated].map((items) => items.map((i) => [i.key.split(':')[0], i.key.startsWith('user:') ? 'a user' : neutral(i.label), i.detail ?? null]))]),
      );
      const second = present(await api.getPermissionHistory('userGroup', ids.team, { page: 2, count: 2 }), 'history page 2');
      expect(second.list?.map((e) => e.action)).toEqual(['members']);
      expect(second.totalPageCount).toBe(2);
      // An id that is no UUID names no holder: an empty page. A kind that is none of the three: 400.
      expect(present(await api.getPermissionHistory('user', 'nobody', { page: 1 }), 'no holder').totalRecCount).toBe(0);
      expect((await apiError(api.getPermissionHistory('role' as 'user', ids.team, { page: 1 }))).status).toBe(400);
      const reader = target!.clientAs('reader');
      expect((await apiError(reader.claim.getPermissionHistory('userGroup', ids.team, { page: 1 }))).status).toBe(403);
    });

    it('users: list with includes, page by page, grant a claim group and claims to a user', async () => {
      const users = present(await api.applicationList(ALL_USER_FLAGS), 'ApplicationList');
      const first = users.find((u) => u.id === ids.users[0]);
      record('ApplicationList (all includes)', first);
      expect(first?.applicationUserApplicationUserGroups?.map((m) => m.applicationUserGroup?.name)).toContain(
        names.team,
      );
      expect(first?.applicationUserApplicationUserGroups?.every((m) => m.applicationUser === null)).toBe(true);

      const page = present(
        await api.applicationUsersPaged({ ...NO_USER_FLAGS, page: 1, count: 2 }),
        'ApplicationUsersPaged',
      );
      record('ApplicationUsersPaged', page);
      expect(page.totalRecCount).toBe(users.length);
      expect(page.totalPageCount).toBe(Math.ceil(users.length / 2));
      expect(page.list?.map((u) => u.id)).toEqual(users.slice(0, 2).map((u) => u.id));

      const userId = ids.users[1] as string;
      const links = present(
        await api.addRemoveUpdateClaimGroupsToAppUserOrUsers({
          claimGroupSets: [userId],
          claimGroupsToAdd: [ids.c],
          claimGroupsToRemove: [],
          removeExistingUnMentionedClaimGroups: false,
        }),
        'AddRemoveUpdateClaimGroupsToAppUserOrUsers',
      );
      const toC = links.filter((l) => l.recordId === ids.c);
      record('AddRemoveUpdateClaimGroupsToAppUserOrUsers', toC);
      expect(toC.map((l) => l.holderId)).toEqual([userId]);
      const revoked = present(
        await api.addRemoveUpdateClaimGroupsToAppUserOrUsers({
          claimGroupSets: [userId],
          claimGroupsToAdd: [],
          claimGroupsToRemove: [ids.c],
          removeExistingUnMentionedClaimGroups: false,
        }),
        'revoke',
      );
      expect(revoked.some((l) => l.recordId === ids.c)).toBe(false);

      const grants = present(
        await api.addRemoveUpdateClaimsToAppUserOrUsers({
          claimSets: [userId],
          claimBaseToAddUpdate: [
            {
              claimValue: Permission.Forms_GetViewUrl,
              claimType: ClaimTypeFlags.ServerClaim,
              allow: false,
              priorityOfPermission: 3,
            },
          ],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        }),
        'AddRemoveUpdateClaimsToAppUserOrUsers',
      );
      const deny = grants.filter((g) => g.claimValue === Permission.Forms_GetViewUrl);
      record('AddRemoveUpdateClaimsToAppUserOrUsers', deny);
      expect(grantSummary(deny)).toEqual([[Permission.Forms_GetViewUrl, 1, false, 3]]);
      const removed = present(
        await api.addRemoveUpdateClaimsToAppUserOrUsers({
          claimSets: [userId],
          claimBaseToAddUpdate: [],
          claimEnumsToRemoveValue: [Permission.Forms_GetViewUrl],
          removeExistingUnMentionedClaimBase: false,
        }),
        'remove',
      );
      expect(removed.some((g) => g.claimValue === Permission.Forms_GetViewUrl)).toBe(false);
    });

    it('search users by id with every include, user groups by name with their members (slim nested objects)', async () => {
      const userId = ids.users[0] as string;
      const found = present(
        await api.applicationUsersPaged({ ...ALL_USER_FLAGS, page: 1, count: 5, search: userId }),
        'ApplicationUsersPaged search',
      );
      record('ApplicationUsersPaged (search by id, all includes)', found);
      expect(found.list?.map((u) => u.id)).toEqual([userId]);
      const membership = found.list?.[0]?.applicationUserApplicationUserGroups?.find((m) => m.applicationUserGroupId === ids.team);
      // A nested group carries its own fields only: no collections.
      expect(membership?.applicationUserGroup).toMatchObject({ id: ids.team, name: names.team });
      expect(membership?.applicationUserGroup).not.toHaveProperty('applicationUserApplicationUserGroups');

      const teams = present(
        await api.applicationUserGroupsPaged({ ...ALL_USER_FLAGS, page: 1, search: `team ${suffix.toUpperCase()}` }),
        'ApplicationUserGroupsPaged search',
      );
      record('ApplicationUserGroupsPaged (search, members)', teams);
      expect(teams.list?.map((g) => g.id)).toEqual([ids.team]);
      const member = teams.list?.[0]?.applicationUserApplicationUserGroups?.[0]?.applicationUser;
      expect(member).toHaveProperty('name');
      expect(member).not.toHaveProperty('claimEnumsInApplicationUsers');
      const link = teams.list?.[0]?.claimGroupsInApplicationUserGroups?.[0]?.claimGroup;
      expect(link).toHaveProperty('name');
      expect(link).not.toHaveProperty('claimEnumsInClaimGroups');
      seen.facts.set('search: team members', teams.list?.[0]?.applicationUserApplicationUserGroups?.length);
    });

    it('RemovesMyAdminAccess (beyond the spec) answers for the caller only and changes nothing', async () => {
      const t = target as ContractTarget;
      const me = present(await api.getMyUserSessionData(), 'session').userId as string;
      const mine = present(await api.applicationUsersPaged({ ...ALL_USER_FLAGS, page: 1, count: 5, search: me }), 'me').list?.[0];
      const myGroups = (mine?.applicationUserApplicationUserGroups ?? []).map((m) => m.applicationUserGroupId);
      const everything = [
        {
          type: 'members' as const,
          change: { applicationUsersGroups: myGroups, applicationUsersToAdd: [], applicationUsersToRemove: [me], removeExistingUnMentioned: false },
        },
        {
          type: 'claimGroups' as const,
          holderKind: 'user' as const,
          change: { claimGroupSets: [me], claimGroupsToAdd: [], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: true },
        },
        {
          type: 'claims' as const,
          holderKind: 'user' as const,
          change: { claimSets: [me], claimBaseToAddUpdate: [], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: true },
        },
      ];
      const before = present(await api.getMyClaims(), 'claims before');
      const removes = await api.removesMyAdminAccess(everything);
      record('RemovesMyAdminAccess', removes);
      expect(removes).toBe(true);
      expect(await api.removesMyAdminAccess([])).toBe(false);
      // Granting something can not take it away; nor can a change of a group the caller is not in.
      const add = [{ type: 'claimGroups' as const, holderKind: 'userGroup' as const, change: { claimGroupSets: [ids.team], claimGroupsToAdd: [ids.a], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false } }];
      expect(await api.removesMyAdminAccess(add)).toBe(false);
      // A caller who is no administrator loses nothing.
      expect(await t.clientAs('reader').claim.removesMyAdminAccess(everything)).toBe(false);
      // Nothing was changed.
      expect(present(await api.getMyClaims(), 'claims after')).toEqual(before);
      seen.facts.set('removes my admin access', [removes]);
      expect((await apiError(api.removesMyAdminAccess([{ type: 'nope' } as never]))).status).toBe(400);
      expect((await apiError(t.clientAs(null).claim.removesMyAdminAccess([]))).status).toBe(401);
    });

    it('rename the user group; blank names are 400, taken names 409, unknown ids 404', async () => {
      const renamed = present(await api.renameAppUserGroup(names.teamRenamed, ids.team), 'RenameAppUserGroup');
      record('RenameAppUserGroup', renamed);
      expect(renamed).toMatchObject({
        id: ids.team,
        name: names.teamRenamed,
        applicationUserApplicationUserGroups: null,
      });
      expect((await apiError(api.renameAppUserGroup(' ', ids.team))).status).toBe(400);
      expect((await apiError(api.createNewApplicationUserGroup(names.teamRenamed))).status).toBe(409);
      expect((await apiError(api.renameAppUserGroup(names.team, crypto.randomUUID()))).status).toBe(404);
    });

    it('full sync answers the identity provider’s users, who are then listed', async () => {
      const synced = present(await api.fullSyncAndReturnExternalUsers(), 'FullSyncAndReturnExternalUsers');
      record('FullSyncAndReturnExternalUsers', synced);
      expect(synced.length).toBeGreaterThan(0);
      expect(synced.every((u) => u.claimEnumsInApplicationUsers === null)).toBe(true);
      const listed = new Set(present(await api.applicationList(NO_USER_FLAGS), 'list').map((u) => u.id));
      expect(synced.every((u) => listed.has(u.id))).toBe(true);
    });

    it('UpsertBuiltInClaimGroups keeps the built-in Administrators group with every claim', async () => {
      const groups = present(await api.upsertBuiltInClaimGroups(false), 'UpsertBuiltInClaimGroups');
      const admins = groups.find((g) => g.name === 'Administrators');
      record('UpsertBuiltInClaimGroups (Administrators)', admins);
      expect(admins?.builtInGroup).toBe(true);
      expect(admins?.claimEnumsInClaimGroups).toHaveLength(Object.keys(DefaultClaimNumbers).length);
      expect(admins?.claimGroupsInApplicationUsers).toBeNull();
    });

    it('delete: a nested claim group leaves its parent; a user group goes with its members; unknown is 404', async () => {
      expect(await api.deleteClaimGroupByName(names.c)).toBeNull();
      const groups = present(await api.claimGroupsList(SCREEN_FLAGS), 'list');
      expect(groups.some((g) => g.id === ids.c)).toBe(false);
      expect(groups.find((g) => g.id === ids.b)?.claimGroupsInClaimGroups).toEqual([]);
      expect((await apiError(api.deleteClaimGroupByName(names.c))).status).toBe(404);
      // The parent's history says it lost the deleted group.
      const parent = present(await api.getPermissionHistory('claimGroup', ids.b, { page: 1 }), 'history of B');
      expect(parent.list?.[0]).toMatchObject({ action: 'claimGroups', added: [], removed: [{ key: `claimGroup:${ids.c}`, label: names.c }] });

      expect(await api.deleteAppUserGroup(ids.team)).toBeNull();
      const teams = present(
        await api.applicationUserGroupsList({
          includeClaims: false,
          includeApplicationUsers: false,
          includeClaimGroups: false,
        }),
        'list',
      );
      expect(teams.some((g) => g.id === ids.team)).toBe(false);
      const users = present(await api.applicationList(ALL_USER_FLAGS), 'users');
      const memberOf = users.find((u) => u.id === ids.users[0])?.applicationUserApplicationUserGroups ?? [];
      expect(memberOf.some((m) => m.applicationUserGroupId === ids.team)).toBe(false);
      expect((await apiError(api.deleteAppUserGroup(ids.team))).status).toBe(404);

      for (const name of [names.a, names.b, names.renamed]) expect(await api.deleteClaimGroupByName(name)).toBeNull();
    });

    // ------------------------------------------------------------ differences found once, kept from coming back

    it('errors are RFC 9457 problem details (application/problem+json) that the client parses into ApiError.result', async () => {
      const t = target as ContractTarget;
      const blank = problemOf(await apiError(api.createNewClaimGroup('   ')), 400, 'Bad Request');
      record('problem details', blank);
      expect(blank.detail).toBe("The parameter 'groupName' must not be blank.");
      problemFact('blank name', blank);
      problemFact('anonymous', problemOf(await apiError(t.clientAs(null).claim.getMyClaims()), 401, 'Unauthorized'));
      const nobody = (await t.newUser()).client.claim;
      const forbidden = problemOf(await apiError(nobody.claimGroupsList(NO_FLAGS)), 403, 'Forbidden');
      expect(forbidden.requiredClaim).toBe('Claim_ReadClaimGroups');
      problemFact('missing claim', forbidden);
      problemFact('unknown name', problemOf(await apiError(api.renameClaimGroup('x', `Nope ${suffix}`)), 404, 'Not Found'));
      const name = present(await api.createNewClaimGroup(`Contract Taken ${suffix}`), 'create');
      problemFact('taken name', problemOf(await apiError(api.createNewClaimGroup(name.name.toLowerCase())), 409, 'Conflict'));
      expect(await api.deleteClaimGroupByName(name.name)).toBeNull();
    });

    it("group names: 'Administrators' with a zero-width space or a Cyrillic 'А' is taken (409); invisible characters are refused (400)", async () => {
      const lookalike = problemOf(await apiError(api.createNewClaimGroup('\u0410dministrators')), 409, 'Conflict');
      expect(lookalike.detail).toBe(
        "A claim group named 'Administrators' already exists. Names that differ only in look-alike or invisible characters count as the same name.",
      );
      problemFact('look-alike name', lookalike);
      const team = present(await api.createNewApplicationUserGroup(`Contract Names ${suffix}`), 'create');
      const other = present(await api.createNewApplicationUserGroup(`Contract Other ${suffix}`), 'create');
      try {
        // Cyrillic о, upper-cased: another group's name all the same.
        const renamed = await apiError(api.renameAppUserGroup(`C\u043entract Names ${suffix}`.toUpperCase(), other.id));
        problemFact('look-alike user group name', problemOf(renamed, 409, 'Conflict'));
        const invisible = problemOf(await apiError(api.createNewClaimGroup('Admin\u200bistrators')), 400, 'Bad Request');
        expect(invisible.detail).toBe(
          "The parameter 'groupName' must not contain invisible characters (such as zero-width spaces or direction marks).",
        );
        problemFact('invisible characters', invisible);
        // Stored in NFC: a decomposed é comes back composed.
        const composed = present(await api.renameAppUserGroup(`Caf\u0065\u0301 ${suffix}`, team.id), 'rename');
        expect(composed.name).toBe(`Caf\u00e9 ${suffix}`);
      } finally {
        await api.deleteAppUserGroup(team.id);
        await api.deleteAppUserGroup(other.id);
      }
    });

    it('one change is bounded: too many holder × item pairs or too large a body answer 413 naming the limit', async () => {
      const holders = Array.from({ length: 3 }, () => crypto.randomUUID());
      const pairs = problemOf(
        await apiError(
          api.addRemoveUpdateAppUsersInAppuserGroups({
            applicationUsersGroups: holders,
            applicationUsersToAdd: Array.from({ length: 700 }, () => crypto.randomUUID()),
            applicationUsersToRemove: [],
            removeExistingUnMentioned: false,
          }),
        ),
        413,
        'Content Too Large',
      );
      expect(pairs.detail).toBe(
        "This change touches 2100 pairs ('applicationUsersGroups' × ('applicationUsersToAdd' + 'applicationUsersToRemove')); at most 2000 are allowed in one change. Split it into smaller changes.",
      );
      problemFact('too many pairs', pairs);
      const padded = { claimSets: holders, claimBaseToAddUpdate: [], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false, note: 'x'.repeat(1_100_000) };
      const large = problemOf(await apiError(api.addRemoveUpdateClaimsToAppUserOrUsers(padded)), 413, 'Content Too Large');
      expect(large.detail).toBe('The request body is larger than 1048576 bytes.');
      problemFact('too large a change body', large);
    });

    it('unknown ids in a change request answer 404 naming the id and the field; malformed ids 400', async () => {
      const users = present(await api.applicationList(NO_USER_FLAGS), 'users');
      const someone = users[0]?.id as string;
      const unknownHolder = await apiError(
        api.addRemoveUpdateClaimGroupsToAppUserOrUsers({
          claimGroupSets: [UNKNOWN_ID],
          claimGroupsToAdd: [],
          claimGroupsToRemove: [],
          removeExistingUnMentionedClaimGroups: false,
        }),
      );
      const holder = problemOf(unknownHolder, 404, 'Not Found');
      expect(holder.detail).toBe(`Unknown application user '${UNKNOWN_ID}' in 'claimGroupSets'.`);
      problemFact('unknown holder', holder);
      const unknownGroup = await apiError(
        api.addRemoveUpdateClaimGroupsToAppUserOrUsers({
          claimGroupSets: [someone],
          claimGroupsToAdd: [UNKNOWN_ID],
          claimGroupsToRemove: [],
          removeExistingUnMentionedClaimGroups: false,
        }),
      );
      problemFact('unknown claim group to add', problemOf(unknownGroup, 404, 'Not Found'));
      const unknownClaimHolder = await apiError(
        api.addRemoveUpdateClaimsToAppUserGroupOrUserGroups({
          claimSets: [UNKNOWN_ID],
          claimBaseToAddUpdate: [],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        }),
      );
      problemFact('unknown user group in claimSets', problemOf(unknownClaimHolder, 404, 'Not Found'));
      const unknownMember = await apiError(
        api.addRemoveUpdateAppUsersInAppuserGroups({
          applicationUsersGroups: [],
          applicationUsersToAdd: [UNKNOWN_ID],
          applicationUsersToRemove: [],
          removeExistingUnMentioned: false,
        }),
      );
      problemFact('unknown user to add', problemOf(unknownMember, 404, 'Not Found'));
      const malformed = await apiError(
        api.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
          claimSets: ['not-a-uuid'],
          claimBaseToAddUpdate: [],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        }),
      );
      problemFact('malformed id in a body', problemOf(malformed, 400, 'Bad Request'));
    });

    it('priorityOfPermission is an integer from 0 to 1000, else 400 naming the field', async () => {
      const users = present(await api.applicationList(NO_USER_FLAGS), 'users');
      const userId = users[0]?.id as string;
      const change = (...claims: ClaimBase[]) =>
        api.addRemoveUpdateClaimsToAppUserOrUsers({
          claimSets: [userId],
          claimBaseToAddUpdate: claims,
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        });
      const select = (priorityOfPermission: number): ClaimBase => ({
        claimValue: Permission.Form_Select,
        claimType: ClaimTypeFlags.ServerClaim,
        allow: true,
        priorityOfPermission,
      });
      for (const priority of [1.5, -1, 1001]) {
        const refused = problemOf(await apiError(change(select(priority))), 400, 'Bad Request');
        expect(refused.detail).toBe("'claimBaseToAddUpdate[0].priorityOfPermission' must be an integer from 0 to 1000.");
        problemFact(`priority ${priority}`, refused);
      }
      const second = problemOf(await apiError(change(select(1), { ...select(2000), claimValue: Permission.Form_SelectList })), 400, 'Bad Request');
      expect(second.detail).toContain("'claimBaseToAddUpdate[1].priorityOfPermission'");
      for (const priority of [0, 1000]) {
        const rows = present(await change(select(priority)), `priority ${priority}`);
        expect(rows.find((r) => r.claimValue === Permission.Form_Select)?.priorityOfPermission).toBe(priority);
      }
      await api.addRemoveUpdateClaimsToAppUserOrUsers({
        claimSets: [userId],
        claimBaseToAddUpdate: [],
        claimEnumsToRemoveValue: [Permission.Form_Select],
        removeExistingUnMentionedClaimBase: false,
      });
    });

    it('claimType must be 1, 2 or 4 and the claim’s own type, else 400 naming the field', async () => {
      const users = present(await api.applicationList(NO_USER_FLAGS), 'users');
      const change = (claim: Record<string, unknown>) =>
        api.addRemoveUpdateClaimsToAppUserOrUsers({
          claimSets: [users[0]?.id as string],
          claimBaseToAddUpdate: [claim as unknown as ClaimBase],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        });
      const wrongType = problemOf(
        await apiError(change({ claimValue: ButtonClaim.CreateForm_AllowRead, claimType: ClaimTypeFlags.ServerClaim, allow: true })),
        400,
        'Bad Request',
      );
      expect(wrongType.detail).toContain("'claimBaseToAddUpdate[0].claimValue'");
      problemFact('claim of another type', wrongType);
      for (const [label, claim] of [
        ['claimType 3', { claimValue: Permission.Form_Select, claimType: 3 }],
        ['claimType 0', { claimValue: Permission.Form_Select, claimType: 0 }],
        ['no claimType', { claimValue: Permission.Form_Select }],
        ['unknown claim', { claimValue: 999, claimType: ClaimTypeFlags.ServerClaim }],
      ] as const) {
        problemFact(label, problemOf(await apiError(change(claim)), 400, 'Bad Request'));
      }
    });

    it('a built-in claim group cannot be deleted (409, saying what to do in the UI); it stays listed', async () => {
      const refused = problemOf(await apiError(api.deleteClaimGroupByName('Administrators')), 409, 'Conflict');
      expect(refused.detail).toBe(builtInGroupDeleteReason('Administrators'));
      expect(refused.detail).toBe(
        "'Administrators' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.",
      );
      problemFact('delete a built-in group', refused);
      const listed = present(await api.claimGroupsList(NO_FLAGS), 'list');
      expect(listed.find((g) => g.name === 'Administrators')?.builtInGroup).toBe(true);
      // Looked up regardless of case, and refused all the same.
      expect((await apiError(api.deleteClaimGroupByName('form readers'))).status).toBe(409);
    });

    it('nobody can remove the last administrator, nor Clear All of a built-in group (409 with the reason)', async () => {
      const everything = { includeClaims: true, IncludeApplicationUserGroups: true, IncludeApplicationUsers: true, includeClaimGroups: true };
      const admins = present(await api.claimGroupsList(everything), 'list').find((g) => g.name === 'Administrators') as ClaimGroup;
      const users = present(await api.applicationList(ALL_USER_FLAGS), 'users');
      const admin = users.find((u) => u.oidcId === 'admin');
      const adminId = present(admin, 'the administrator').id;
      // The seeded administrator holds Administrators directly and through one user group: the only one who does.
      expect(admins.claimGroupsInApplicationUsers?.map((l) => l.holderId)).toEqual([adminId]);
      const [teamId] = (admins.claimGroupsInApplicationUserGroups ?? []).map((l) => l.holderId);
      expect(admin?.applicationUserApplicationUserGroups?.map((m) => m.applicationUserGroupId)).toContain(teamId);
      const refusedWith = async (call: Promise<unknown>, detail: string, code: string, fact: string) => {
        const problem = problemOf(await apiError(call), 409, 'Conflict');
        expect(problem.detail).toBe(detail);
        expect(problem.code).toBe(code);
        problemFact(fact, problem);
      };
      const claimsOf = (change: Partial<Parameters<ClaimApi['addRemoveUpdateClaimsToClaimGroupOrClaimGroups']>[0]>) =>
        api.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
          claimSets: [admins.id],
          claimBaseToAddUpdate: [],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
          ...change,
        });

      // 'Administrators' → 'Clear All' → 'Save Changes'.
      await refusedWith(claimsOf({ removeExistingUnMentionedClaimBase: true }), builtInGroupEmptyReason('Administrators'), 'built-in-group-empty', 'clear a built-in group');
      await refusedWith(
        claimsOf({ claimEnumsToRemoveValue: [Permission.GlobalDataAdmin] }),
        LAST_ADMINISTRATOR_MESSAGE,
        'last-administrator',
        'remove GlobalDataAdmin from the last administrator',
      );
      // One way in may go while the other remains …
      const unlink = (remove: string[], add: string[] = []) =>
        api.addRemoveUpdateClaimGroupsToAppUserOrUsers({
          claimGroupSets: [adminId],
          claimGroupsToAdd: add,
          claimGroupsToRemove: remove,
          removeExistingUnMentionedClaimGroups: false,
        });
      expect(await unlink([admins.id])).toEqual([]);
      try {
        // … but not the last one.
        await refusedWith(
          api.addRemoveUpdateAppUsersInAppuserGroups({
            applicationUsersGroups: [teamId as string],
            applicationUsersToAdd: [],
            applicationUsersToRemove: [adminId],
            removeExistingUnMentioned: false,
          }),
          LAST_ADMINISTRATOR_MESSAGE,
          'last-administrator',
          'remove the last administrator from their user group',
        );
        await refusedWith(api.deleteAppUserGroup(teamId as string), LAST_ADMINISTRATOR_MESSAGE, 'last-administrator', 'delete the last administrator’s user group');
      } finally {
        await unlink([], [admins.id]);
      }
      // Adding is no way round: a group that denies GlobalDataAdmin at a higher priority cannot be given to the last administrator.
      const denial = present(await api.createNewClaimGroup(`Contract Deny Admin ${suffix}`), 'create');
      try {
        await api.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
          claimSets: [denial.id],
          claimBaseToAddUpdate: [{ claimValue: Permission.GlobalDataAdmin, claimType: ClaimTypeFlags.ServerClaim, allow: false, priorityOfPermission: 9 }],
          claimEnumsToRemoveValue: [],
          removeExistingUnMentionedClaimBase: false,
        });
        await refusedWith(unlink([], [denial.id]), LAST_ADMINISTRATOR_MESSAGE, 'last-administrator', 'give the last administrator a deny');
      } finally {
        await api.deleteClaimGroupByName(denial.name);
      }
      expect(present(await api.getMyClaims(), 'GetMyClaims')).toContain(Permission.GlobalDataAdmin);
    });

    it('GetEntitiesWithPermissions leaves soft-deleted rows out', async () => {
      const t = target as ContractTarget;
      const live = await t.addForm(`Contract Live Form ${suffix}`, false);
      const deleted = await t.addForm(`Contract Deleted Form ${suffix}`, true);
      try {
        const rows = present(await api.getEntitiesWithPermissions('Form'), 'GetEntitiesWithPermissions');
        expect(rows.map((r) => r.recordId)).toContain(live);
        expect(rows.map((r) => r.recordId)).not.toContain(deleted);
        expect(rows.find((r) => r.recordId === live)).toEqual({
          recordId: live,
          displayName: `Contract Live Form ${suffix}`,
          permission: RowLevelPermission.All,
        });
      } finally {
        await t.removeForm(live);
        await t.removeForm(deleted);
      }
    });

    it('the claim names and descriptions need Claim_ReadClaimEntries; the entries only a signed-in user', async () => {
      const t = target as ContractTarget;
      const nobody = (await t.newUser()).client.claim;
      // One call at a time: a call started before the previous one's refusal is awaited would reject unhandled.
      for (const call of [() => nobody.getClaimNamesForClaimTypeNames(7), () => nobody.getClaimEntriesWithDescriptionsForClaimTypes(7)]) {
        const refused = problemOf(await apiError(call()), 403, 'Forbidden');
        expect(refused.requiredClaim).toBe('Claim_ReadClaimEntries');
      }
      expect(present(await nobody.getClaimEntriesForClaimTypes(7), 'entries')).toHaveLength(3);
      expect((await apiError(t.clientAs(null).claim.getClaimEntriesForClaimTypes(7))).status).toBe(401);
      // Form Readers hold Claim_ReadClaimEntries.
      const reader = t.clientAs('reader').claim;
      expect(present(await reader.getClaimNamesForClaimTypeNames(1), 'names')).toHaveLength(1);
      expect(present(await reader.getClaimEntriesWithDescriptionsForClaimTypes(2), 'descriptions')).toHaveLength(1);
    });

    it('session data needs sign-in; CheckForAdminRole of another user needs Claim_ReadUsers; query ids are UUIDs', async () => {
      const t = target as ContractTarget;
      const anonymous = t.clientAs(null).claim;
      problemFact('anonymous session data', problemOf(await apiError(anonymous.getMyUserSessionData()), 401, 'Unauthorized'));
      expect((await apiError(anonymous.checkForAdminRole('admin'))).status).toBe(401);

      const { client, oidcId } = await t.newUser();
      const session = present(await client.claim.getMyUserSessionData(), 'session of a new user');
      expect(session.claims).toEqual([]);
      const userId = present(session.userId, 'userId');
      // Anyone may check themselves, by oidcId or id.
      expect(await client.claim.checkForAdminRole(oidcId)).toBe(false);
      expect(await client.claim.checkForAdminRole(userId)).toBe(false);
      const refused = problemOf(await apiError(client.claim.checkForAdminRole('admin')), 403, 'Forbidden');
      expect(refused.requiredClaim).toBe('Claim_ReadUsers');
      problemFact('admin role of another user', refused);

      await api.addRemoveUpdateClaimsToAppUserOrUsers({
        claimSets: [userId],
        claimBaseToAddUpdate: [
          { claimValue: Permission.Claim_ReadUsers, claimType: ClaimTypeFlags.ServerClaim, allow: true, priorityOfPermission: 1 },
        ],
        claimEnumsToRemoveValue: [],
        removeExistingUnMentionedClaimBase: false,
      });
      expect(await client.claim.checkForAdminRole('admin')).toBe(true);
      expect(await client.claim.checkForAdminRole('editor')).toBe(true); // AdminPanel_Access
      expect(await client.claim.checkForAdminRole('reader')).toBe(false);
      expect(await client.claim.checkForAdminRole(oidcId)).toBe(false);
      expect(await api.checkForAdminRole('no-such-user')).toBe(false);

      const rename = problemOf(await apiError(api.renameAppUserGroup('Renamed', 'not-a-uuid')), 400, 'Bad Request');
      expect(rename.detail).toBe("The parameter 'currentGroupId' must be an id (a UUID).");
      problemFact('malformed currentGroupId', rename);
      problemFact('malformed groupToDeleteId', problemOf(await apiError(api.deleteAppUserGroup('not-a-uuid')), 400, 'Bad Request'));
      problemFact('unknown groupToDeleteId', problemOf(await apiError(api.deleteAppUserGroup(UNKNOWN_ID)), 404, 'Not Found'));
    });

    it('UpsertBuiltInClaimGroups: the same built-in groups; false keeps changes, true resets names, claims and sub-groups', async () => {
      const summary = (groups: readonly ClaimGroup[]) =>
        groups.map((g) => ({
          name: neutral(g.name),
          builtInGroup: g.builtInGroup,
          claims: sortedNumbers((g.claimEnumsInClaimGroups ?? []).map((c) => c.claimValue)),
          subGroups: (g.claimGroupsInClaimGroups ?? []).map((l) => neutral(l.claimGroup?.name ?? '?')),
        }));
      const expected = BUILT_IN_CLAIM_GROUP_DEFINITIONS.map((d) => ({
        name: d.name,
        builtInGroup: true,
        claims: sortedNumbers(d.claims),
        subGroups: [...d.subGroups],
      }));
      const first = present(await api.upsertBuiltInClaimGroups(false), 'UpsertBuiltInClaimGroups');
      expect(summary(first)).toEqual(expected);
      seen.facts.set('built-in claim groups', summary(first));

      // Change User Administrators (nobody holds it): rename it, grant a claim, nest a group in it.
      const userAdmins = first[3] as ClaimGroup;
      const renamed = `Contract User Admins ${suffix}`;
      await api.renameClaimGroup(renamed, 'User Administrators');
      const sub = present(await api.createNewClaimGroup(`Contract Sub ${suffix}`), 'create');
      await api.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
        claimSets: [userAdmins.id],
        claimBaseToAddUpdate: [
          { claimValue: Permission.Form_Add, claimType: ClaimTypeFlags.ServerClaim, allow: true, priorityOfPermission: 1 },
        ],
        claimEnumsToRemoveValue: [Permission.Claim_FullSync],
        removeExistingUnMentionedClaimBase: false,
      });
      await api.addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups({
        claimGroupSets: [userAdmins.id],
        claimGroupsToAdd: [sub.id],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      });
      try {
        const kept = present(await api.upsertBuiltInClaimGroups(false), 'overrideExisting=false');
        expect(kept.map((g) => g.id)).toEqual(first.map((g) => g.id));
        const keptSummary = summary(kept);
        expect(keptSummary[3]?.name).toBe(neutral(renamed));
        expect(keptSummary[3]?.claims).toContain(Permission.Form_Add);
        expect(keptSummary[3]?.claims).not.toContain(Permission.Claim_FullSync);
        expect(keptSummary[3]?.subGroups).toEqual([neutral(sub.name)]);
        seen.facts.set('built-in claim groups kept', keptSummary);
        // Still built in under its new name: not deletable.
        expect((await apiError(api.deleteClaimGroupByName(renamed))).status).toBe(409);

        const reset = present(await api.upsertBuiltInClaimGroups(true), 'overrideExisting=true');
        record('UpsertBuiltInClaimGroups (overrideExisting)', reset[3]);
        expect(reset.map((g) => g.id)).toEqual(first.map((g) => g.id));
        expect(summary(reset)).toEqual(expected);
      } finally {
        await api.upsertBuiltInClaimGroups(true);
        await api.deleteClaimGroupByName(sub.name);
      }
      expect(present(await api.claimGroupsList(NO_FLAGS), 'list').some((g) => g.id === sub.id)).toBe(false);
    });
  });
}

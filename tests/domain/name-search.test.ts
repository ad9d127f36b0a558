// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  accessReferencesOf,
  changesRemoveOwnAdminAccess,
  compareByName,
  likePatternOf,
  matchesNameSearch,
  nameSearchOf,
  parseOwnAdminChanges,
  QueryParams,
  readNameSearch,
  readSubGroupCandidatesOf,
  type AccessModel,
} from '../../src/domain';
import { Permission } from '../../src/api/enums';

const id = '0b4c3a2e-1111-4222-8333-444455556666';
const row = (name: string, rowId = id) => ({ id: rowId, name });

describe('name search', () => {
  it('is blank for absent, empty or space-only text, else trimmed and lower-cased', () => {
    expect(nameSearchOf(undefined)).toBeNull();
    expect(nameSearchOf('   ')).toBeNull();
    expect(nameSearchOf('  Form ED ')).toEqual({ text: 'form ed', id: null });
    expect(nameSearchOf(id.toUpperCase())).toEqual({ text: id, id });
  });

  it('refuses a search longer than 200 characters (400)', () => {
    expect(() => nameSearchOf('x'.repeat(201))).toThrow(expect.objectContaining({ status: 400 }));
    expect(nameSearchOf(` ${'x'.repeat(200)} `)?.text).toHaveLength(200);
  });

  it('matches a name containing the text regardless of case, or the exact id; nothing else', () => {
    const search = nameSearchOf('eDIT');
    expect(matchesNameSearch(row('Form Editors'), search)).toBe(true);
    expect(matchesNameSearch(row('Form Readers'), search)).toBe(false);
    expect(matchesNameSearch(row('Whoever'), nameSearchOf(id.toUpperCase()))).toBe(true);
    expect(matchesNameSearch(row('Whoever'), nameSearchOf(id.slice(0, 8)))).toBe(false);
    expect(matchesNameSearch(row('Ünïcode Group'), nameSearchOf('ÜNÏ'))).toBe(true);
    expect(matchesNameSearch(row('Anything'), null)).toBe(true);
  });

  it('escapes LIKE wildcards so that % and _ match themselves', () => {
    expect(likePatternOf(nameSearchOf('100%_off\\x') as NonNullable<ReturnType<typeof nameSearchOf>>)).toBe('%100\\%\\_off\\\\x%');
  });

  it('orders by lower-cased name, then name, then id', () => {
    const rows = [row('b', '3'), row('B', '2'), row('a', '9'), row('B', '1')];
    expect([...rows].sort(compareByName).map((r) => `${r.name}${r.id}`)).toEqual(['a9', 'B1', 'B2', 'b3']);
  });

  it('reads search and subGroupCandidatesOf from the query (any case of the name; ids must be UUIDs)', () => {
    expect(readNameSearch(new QueryParams([['Search', ' Ada ']]))).toEqual({ text: 'ada', id: null });
    expect(readSubGroupCandidatesOf(new QueryParams([]))).toBeNull();
    expect(readSubGroupCandidatesOf(new QueryParams([['subgroupcandidatesof', id.toUpperCase()]]))).toBe(id);
    expect(() => readSubGroupCandidatesOf(new QueryParams([['subGroupCandidatesOf', 'x']]))).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});

describe('own administrator access', () => {
  const me = 'u-me';
  const admin = { claimValue: Permission.GlobalDataAdmin, allow: true, priorityOfPermission: 1 };
  const model: AccessModel = {
    users: new Map([[me, { enabled: true, grants: [], claimGroupIds: [], userGroupIds: ['g-admins'] }]]),
    userGroups: new Map([['g-admins', { grants: [], claimGroupIds: ['r-admins'] }]]),
    claimGroups: new Map([['r-admins', { name: 'Administrators', builtIn: true, grants: [admin], subGroupIds: [] }]]),
  };
  const leave = {
    type: 'members' as const,
    change: { applicationUsersGroups: ['g-admins'], applicationUsersToAdd: [], applicationUsersToRemove: [me], removeExistingUnMentioned: false },
  };

  it('answers whether the changes, applied in order, take GlobalDataAdmin away from the caller', () => {
    expect(changesRemoveOwnAdminAccess(model, me, [leave])).toBe(true);
    expect(changesRemoveOwnAdminAccess(model, me, [])).toBe(false);
    const grantMeFirst = {
      type: 'claims' as const,
      holderKind: 'user' as const,
      change: { claimSets: [me], claimBaseToAddUpdate: [{ ...admin, claimType: 1 as const }], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false },
    };
    expect(changesRemoveOwnAdminAccess(model, me, [grantMeFirst, leave])).toBe(false);
    expect(changesRemoveOwnAdminAccess(model, 'someone-else', [leave])).toBe(false);
  });

  it('names the user groups and claim groups a backend must load besides the caller’s', () => {
    const refs = accessReferencesOf([
      leave,
      {
        type: 'claimGroups',
        holderKind: 'claimGroup',
        change: { claimGroupSets: ['r-a'], claimGroupsToAdd: ['r-b'], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false },
      },
    ]);
    expect(refs).toEqual({ userGroupIds: ['g-admins'], claimGroupIds: ['r-a', 'r-b'] });
  });

  it('reads a question strictly (400 naming the field), at most 10 changes', () => {
    expect(parseOwnAdminChanges({ changes: [] })).toEqual([]);
    const bad = (body: unknown, message: RegExp) =>
      expect(() => parseOwnAdminChanges(body)).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(message) }));
    bad({}, /'changes' must be an array/);
    bad({ changes: [{ type: 'delete' }] }, /changes\[0\]\.type/);
    bad({ changes: [{ type: 'claims', holderKind: 'team', change: {} }] }, /changes\[0\]\.holderKind/);
    bad({ changes: Array.from({ length: 11 }, () => ({ type: 'members', change: {} })) }, /at most 10/);
  });
});

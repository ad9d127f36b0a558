// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import type { ApplicationUser, ApplicationUserGroup, ClaimGroup, ClaimsChangeRequest } from '../../src/api/types';
import {
  accessModelFromLists,
  applyAccessChange,
  builtInResetChange,
  changeCanRemoveAccess,
  checkAccessChange,
  DomainError,
  effectiveClaimsIn,
  globalAdministrators,
  LAST_ADMINISTRATOR_MESSAGE,
  planBuiltInUpsert,
  removesOwnAdminAccess,
  type AccessChange,
  type AccessClaimGroup,
  type AccessModel,
  type AccessUser,
} from '../../src/domain';

const P = Permission;
const allow = (claimValue: number, priorityOfPermission = 1) => ({ claimValue, allow: true, priorityOfPermission });
const deny = (claimValue: number, priorityOfPermission = 1) => ({ claimValue, allow: false, priorityOfPermission });
const user = (u: Partial<AccessUser> = {}): AccessUser => ({ enabled: true, grants: [], claimGroupIds: [], userGroupIds: [], ...u });
const group = (g: Partial<AccessClaimGroup> & { name: string }): AccessClaimGroup => ({ builtIn: false, grants: [], subGroupIds: [], ...g });

/**
 * ada: in Administrators (built in, GlobalDataAdmin). bob: in the Platform team, which holds
 * Administrators. eve: Readers only. zed: disabled, holds GlobalDataAdmin directly.
 */
function model(): AccessModel {
  return {
    users: new Map([
      ['ada', user({ claimGroupIds: ['admins'] })],
      ['bob', user({ userGroupIds: ['platform'] })],
      ['eve', user({ claimGroupIds: ['readers'] })],
      ['zed', user({ enabled: false, grants: [allow(P.GlobalDataAdmin)] })],
    ]),
    userGroups: new Map([['platform', { grants: [], claimGroupIds: ['admins'] }]]),
    claimGroups: new Map([
      ['admins', group({ name: 'Administrators', builtIn: true, grants: [allow(P.GlobalDataAdmin), allow(P.Form_Add)] })],
      ['readers', group({ name: 'Form Readers', builtIn: true, grants: [allow(P.Form_Select)] })],
      ['custom', group({ name: 'Custom', grants: [allow(P.Form_Delete)] })],
    ]),
  };
}

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const claims = (holderKind: 'user' | 'userGroup' | 'claimGroup', ids: string[], c: Partial<ClaimsChangeRequest> = {}): AccessChange => ({
  type: 'claims',
  holderKind,
  change: { claimSets: ids, claimBaseToAddUpdate: [], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false, ...c },
});
const claimGroups = (holderKind: 'user' | 'userGroup' | 'claimGroup', ids: string[], add: string[], remove: string[] = [], unmentioned = false): AccessChange => ({
  type: 'claimGroups',
  holderKind,
  change: { claimGroupSets: ids, claimGroupsToAdd: add, claimGroupsToRemove: remove, removeExistingUnMentionedClaimGroups: unmentioned },
});
const members = (groups: string[], add: string[], remove: string[] = [], unmentioned = false): AccessChange => ({
  type: 'members',
  change: { applicationUsersGroups: groups, applicationUsersToAdd: add, applicationUsersToRemove: remove, removeExistingUnMentioned: unmentioned },
});

describe('the access model', () => {
  it('computes effective claims through users, user groups and nested claim groups', () => {
    const m = model();
    expect([...effectiveClaimsIn(m, 'bob')].sort((a, b) => a - b)).toEqual([P.GlobalDataAdmin, P.Form_Add]);
    expect(effectiveClaimsIn(m, 'eve')).toEqual(new Set([P.Form_Select]));
    expect(effectiveClaimsIn(m, 'nobody')).toEqual(new Set());
  });

  it('counts enabled GlobalDataAdmin holders only', () => {
    expect(globalAdministrators(model()).sort()).toEqual(['ada', 'bob']);
  });

  it('applies every kind of change without touching the model it is given', () => {
    const m = model();
    const after = applyAccessChange(m, members(['platform'], ['eve'], ['bob']));
    expect(after.users.get('bob')?.userGroupIds).toEqual([]);
    expect(after.users.get('eve')?.userGroupIds).toEqual(['platform']);
    expect(m.users.get('bob')?.userGroupIds).toEqual(['platform']);

    const regranted = applyAccessChange(m, claims('claimGroup', ['custom'], { claimBaseToAddUpdate: [{ ...deny(P.Form_Delete, 5), claimType: 1 }] }));
    expect(regranted.claimGroups.get('custom')?.grants).toEqual([deny(P.Form_Delete, 5)]);
    const cleared = applyAccessChange(m, claims('claimGroup', ['admins'], { removeExistingUnMentionedClaimBase: true }));
    expect(cleared.claimGroups.get('admins')?.grants).toEqual([]);
    const nested = applyAccessChange(m, claimGroups('claimGroup', ['readers'], ['custom']));
    expect(nested.claimGroups.get('readers')?.subGroupIds).toEqual(['custom']);
    const deleted = applyAccessChange(m, { type: 'deleteClaimGroup', claimGroupId: 'admins' });
    expect(deleted.claimGroups.has('admins')).toBe(false);
    expect(deleted.users.get('ada')?.claimGroupIds).toEqual([]);
    expect(applyAccessChange(m, { type: 'deleteUserGroup', userGroupId: 'platform' }).users.get('bob')?.userGroupIds).toEqual([]);
  });
});

describe('the last administrator cannot be removed', () => {
  const refusedAsLockout = (m: AccessModel, change: AccessChange) => {
    const error = refusal(() => checkAccessChange(m, change));
    expect(error.status).toBe(409);
    expect(error.message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    expect(error.extensions).toEqual({ code: 'last-administrator' });
  };
  // Only ada is an administrator here.
  const alone = () => applyAccessChange(model(), { type: 'deleteUserGroup', userGroupId: 'platform' });

  it('says so in words the user can act on', () => {
    expect(LAST_ADMINISTRATOR_MESSAGE).toBe(
      "This change would leave no enabled user with full administrator access (GlobalDataAdmin), and nobody could manage permissions any more. Give another user administrator access first, for example by adding them to the 'Administrators' role in User & Role Management.",
    );
  });

  it('allows removing one administrator while another remains', () => {
    expect(() => checkAccessChange(model(), claimGroups('user', ['ada'], [], ['admins']))).not.toThrow();
    expect(() => checkAccessChange(model(), members(['platform'], [], ['bob']))).not.toThrow();
  });

  it('refuses removing the last one through a claim group link, a claim or a deny', () => {
    refusedAsLockout(alone(), claimGroups('user', ['ada'], [], ['admins']));
    refusedAsLockout(alone(), claimGroups('user', ['ada'], [], [], true));
    refusedAsLockout(alone(), claims('claimGroup', ['admins'], { claimEnumsToRemoveValue: [P.GlobalDataAdmin] }));
    refusedAsLockout(
      alone(),
      claims('claimGroup', ['admins'], { claimBaseToAddUpdate: [{ ...allow(P.Form_Add), claimType: 1 }], removeExistingUnMentionedClaimBase: true }),
    );
    refusedAsLockout(alone(), claims('user', ['ada'], { claimBaseToAddUpdate: [{ ...deny(P.GlobalDataAdmin, 5), claimType: 1 }] }));
  });

  it('refuses removing the last one through memberships and user groups', () => {
    const onlyBob = applyAccessChange(model(), claimGroups('user', ['ada'], [], ['admins']));
    expect(globalAdministrators(onlyBob)).toEqual(['bob']);
    refusedAsLockout(onlyBob, members(['platform'], [], ['bob']));
    refusedAsLockout(onlyBob, members(['platform'], [], [], true));
    refusedAsLockout(onlyBob, claimGroups('userGroup', ['platform'], [], ['admins']));
    refusedAsLockout(onlyBob, { type: 'deleteUserGroup', userGroupId: 'platform' });
  });

  it('refuses deleting a group that is the last way to GlobalDataAdmin, and adding the last admin to a deny', () => {
    const viaCustom = applyAccessChange(
      applyAccessChange(alone(), claims('claimGroup', ['custom'], { claimBaseToAddUpdate: [{ ...allow(P.GlobalDataAdmin), claimType: 1 }] })),
      claimGroups('user', ['ada'], ['custom'], ['admins']),
    );
    refusedAsLockout(viaCustom, { type: 'deleteClaimGroup', claimGroupId: 'custom' });
    const withDeny = applyAccessChange(
      alone(),
      claims('claimGroup', ['readers'], { claimBaseToAddUpdate: [{ ...deny(P.GlobalDataAdmin, 9), claimType: 1 }] }),
    );
    refusedAsLockout(withDeny, claimGroups('user', ['ada'], ['readers']));
  });

  it('does not count disabled users, and lets a system without administrators change freely', () => {
    // zed holds GlobalDataAdmin but is disabled: ada is still the last administrator.
    refusedAsLockout(alone(), claimGroups('user', ['ada'], [], ['admins']));
    const none = applyAccessChange(alone(), claims('claimGroup', ['admins'], { claimEnumsToRemoveValue: [P.GlobalDataAdmin] }));
    expect(globalAdministrators(none)).toEqual([]);
    expect(() => checkAccessChange(none, claimGroups('user', ['ada'], [], ['admins']))).not.toThrow();
  });

  it('allows a change that hands administration to someone else in the same step', () => {
    expect(() => checkAccessChange(alone(), members(['platform'], ['eve']))).not.toThrow();
    const handOver = claims('user', ['eve'], { claimBaseToAddUpdate: [{ ...allow(P.GlobalDataAdmin), claimType: 1 }] });
    expect(() => checkAccessChange(alone(), handOver)).not.toThrow();
  });

  it('answers the model as it will be', () => {
    const after = checkAccessChange(model(), members(['platform'], ['eve']));
    expect(after.users.get('eve')?.userGroupIds).toEqual(['platform']);
  });
});

describe('built-in groups cannot be deleted or emptied', () => {
  it('refuses deleting a built-in group with the reason for the UI', () => {
    const error = refusal(() => checkAccessChange(model(), { type: 'deleteClaimGroup', claimGroupId: 'readers' }));
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      "'Form Readers' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.",
    );
    expect(error.extensions).toEqual({ code: 'built-in-group-delete' });
    expect(() => checkAccessChange(model(), { type: 'deleteClaimGroup', claimGroupId: 'custom' })).not.toThrow();
  });

  it("refuses 'Clear All' of a built-in group's claims and sub-groups, not of another group", () => {
    const clearAll = claims('claimGroup', ['readers'], { removeExistingUnMentionedClaimBase: true });
    const error = refusal(() => checkAccessChange(model(), clearAll));
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      "'Form Readers' is a built-in role and cannot be left without permissions. Remove people from it in User & Role Management instead.",
    );
    expect(error.extensions).toEqual({ code: 'built-in-group-empty' });
    // Administrators emptied: refused as emptied (before it would lock everyone out).
    expect(refusal(() => checkAccessChange(model(), claims('claimGroup', ['admins'], { removeExistingUnMentionedClaimBase: true }))).extensions).toEqual({
      code: 'built-in-group-empty',
    });
    expect(() => checkAccessChange(model(), claims('claimGroup', ['custom'], { removeExistingUnMentionedClaimBase: true }))).not.toThrow();
    // A sub-group left, or only denies removed: not empty.
    const nested = applyAccessChange(model(), claimGroups('claimGroup', ['readers'], ['custom']));
    expect(() => checkAccessChange(nested, clearAll)).not.toThrow();
    const subGroupOnly = applyAccessChange(nested, clearAll);
    expect(refusal(() => checkAccessChange(subGroupOnly, claimGroups('claimGroup', ['readers'], [], [], true))).extensions).toEqual({
      code: 'built-in-group-empty',
    });
  });
});

describe('builtInResetChange', () => {
  it('gives the reset built-in groups their claims (allow, priority 1) and sub-groups, and leaves the others', () => {
    const ids = { administrators: 'admins', formReaders: 'readers', formEditors: 'editors', userAdministrators: 'users' };
    const existing = [
      { id: 'admins', name: 'Administrators', builtInGroup: true, isDeleted: false },
      { id: 'readers', name: 'Form Readers', builtInGroup: true, isDeleted: false },
    ];
    const change = builtInResetChange(planBuiltInUpsert(existing, ids, false, new Map()));
    expect(change.type).toBe('resetClaimGroups');
    const groups = change.type === 'resetClaimGroups' ? change.groups : [];
    expect(groups.map((g) => g.id)).toEqual(['editors', 'users']); // only the created ones are reset
    expect(groups[0]?.subGroupIds).toEqual(['readers']);
    expect(groups[1]?.grants).toContainEqual(allow(P.Claim_AssignClaims));
    expect(groups[1]?.grants.every((g) => g.allow && g.priorityOfPermission === 1)).toBe(true);
  });
});

describe('removesOwnAdminAccess', () => {
  it("is true when the change takes GlobalDataAdmin from the caller, even while others keep it", () => {
    expect(removesOwnAdminAccess(model(), 'ada', claimGroups('user', ['ada'], [], ['admins']))).toBe(true);
    expect(removesOwnAdminAccess(model(), 'bob', members(['platform'], [], ['bob']))).toBe(true);
    expect(removesOwnAdminAccess(model(), 'ada', claims('claimGroup', ['admins'], { claimEnumsToRemoveValue: [P.GlobalDataAdmin] }))).toBe(true);
  });

  it("is false when the caller keeps it, or never had it", () => {
    expect(removesOwnAdminAccess(model(), 'ada', members(['platform'], [], ['bob']))).toBe(false);
    expect(removesOwnAdminAccess(model(), 'ada', claims('claimGroup', ['admins'], { claimEnumsToRemoveValue: [P.Form_Add] }))).toBe(false);
    expect(removesOwnAdminAccess(model(), 'eve', claimGroups('user', ['eve'], [], ['readers']))).toBe(false);
    expect(removesOwnAdminAccess(model(), 'zed', claims('user', ['zed'], { removeExistingUnMentionedClaimBase: true }))).toBe(false);
  });
});

describe('changeCanRemoveAccess', () => {
  it('is false for pure additions of allowing grants, claim groups and members', () => {
    expect(changeCanRemoveAccess(claims('user', ['a'], { claimBaseToAddUpdate: [{ ...allow(P.Form_Add), claimType: 1 }] }))).toBe(false);
    expect(changeCanRemoveAccess(claimGroups('user', ['a'], ['g']))).toBe(false);
    expect(changeCanRemoveAccess(members(['g'], ['a']))).toBe(false);
  });

  it('is true for removals, denies, GlobalDataAdmin grants, deletions and resets', () => {
    expect(changeCanRemoveAccess(claims('user', ['a'], { claimEnumsToRemoveValue: [1] }))).toBe(true);
    expect(changeCanRemoveAccess(claims('user', ['a'], { removeExistingUnMentionedClaimBase: true }))).toBe(true);
    expect(changeCanRemoveAccess(claims('user', ['a'], { claimBaseToAddUpdate: [{ ...deny(P.Form_Add), claimType: 1 }] }))).toBe(true);
    expect(changeCanRemoveAccess(claims('user', ['a'], { claimBaseToAddUpdate: [{ ...allow(P.GlobalDataAdmin, 0), claimType: 1 }] }))).toBe(true);
    expect(changeCanRemoveAccess(claimGroups('user', ['a'], [], ['g']))).toBe(true);
    expect(changeCanRemoveAccess(claimGroups('user', ['a'], [], [], true))).toBe(true);
    expect(changeCanRemoveAccess(members(['g'], [], ['a']))).toBe(true);
    expect(changeCanRemoveAccess({ type: 'deleteUserGroup', userGroupId: 'g' })).toBe(true);
    expect(changeCanRemoveAccess({ type: 'resetClaimGroups', groups: [] })).toBe(true);
  });
});

describe('accessModelFromLists', () => {
  const audit = { isDeleted: false, createdDateTime: new Date(0), lastUpdatedDateTime: new Date(0) };
  const grant = (recordId: string, claimValue: number, isDeleted = false) => ({
    id: `${recordId}-${claimValue}`,
    recordId,
    claimValue,
    claimType: 1 as const,
    allow: true,
    priorityOfPermission: 1,
    ...audit,
    isDeleted,
  });
  const link = (holderId: string, recordId: string) => ({ id: `${holderId}>${recordId}`, holderId, recordId, priorityOfPermission: 1, ...audit });

  it('builds the model from the lists a screen read with every include flag', () => {
    const users: ApplicationUser[] = [
      {
        id: 'ada', oidcId: 'ada', name: 'Ada', userName: 'ada', email: null, phoneNumber: null, isEnabled: true, failedLoginAttempts: 0, ...audit,
        claimEnumsInApplicationUsers: [grant('ada', P.Form_Add), grant('ada', P.Form_Delete, true)],
        claimGroupsInApplicationUsers: [link('ada', 'admins')],
        applicationUserApplicationUserGroups: null,
      },
    ];
    const userGroups: ApplicationUserGroup[] = [
      {
        id: 'team', name: 'Team', ...audit,
        applicationUserApplicationUserGroups: [{ id: 'm', applicationUserId: 'ada', applicationUserGroupId: 'team', ...audit }],
        claimGroupsInApplicationUserGroups: [],
        claimEnumsInApplicationUserGroups: [grant('team', P.Form_Select)],
      },
    ];
    const claimGroupList: ClaimGroup[] = [
      { id: 'admins', name: 'Administrators', builtInGroup: true, ...audit, claimEnumsInClaimGroups: [grant('admins', P.GlobalDataAdmin)], claimGroupsInClaimGroups: [] },
    ];
    const m = accessModelFromLists({ users, userGroups, claimGroups: claimGroupList });
    expect(m.users.get('ada')).toEqual({ enabled: true, grants: [allow(P.Form_Add)], claimGroupIds: ['admins'], userGroupIds: ['team'] });
    expect(m.claimGroups.get('admins')).toEqual({ name: 'Administrators', builtIn: true, grants: [allow(P.GlobalDataAdmin)], subGroupIds: [] });
    expect([...effectiveClaimsIn(m, 'ada')].sort((a, b) => a - b)).toEqual([P.GlobalDataAdmin, P.Form_Add, P.Form_Select]);
    expect(removesOwnAdminAccess(m, 'ada', claimGroups('user', ['ada'], [], ['admins']))).toBe(true);
  });
});

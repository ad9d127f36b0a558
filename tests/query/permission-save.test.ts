import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import type { ClaimBase } from '../../src/api/types';
import {
  inverseClaimsChange,
  isEmptyPermissionSave,
  PermissionSaveError,
  savePermissions,
  type PermissionSave,
} from '../../src/query/permission-save';

const claim = (claimValue: number, priorityOfPermission = 1, allow = true): ClaimBase => ({
  claimValue,
  claimType: 1,
  allow,
  priorityOfPermission,
});

function fakeClient(groups: () => Promise<unknown>, claims: (body: unknown) => Promise<unknown> = async () => []) {
  const calls: { call: string; body: unknown }[] = [];
  const record = (call: string, run: (body: unknown) => Promise<unknown>) => async (body: unknown) => {
    calls.push({ call, body });
    return run(body);
  };
  const claim = {
    addRemoveUpdateClaimsToClaimGroupOrClaimGroups: vi.fn(record('claims', claims)),
    addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups: vi.fn(record('groups', groups)),
    addRemoveUpdateClaimsToAppUserOrUsers: vi.fn(record('userClaims', claims)),
    addRemoveUpdateClaimGroupsToAppUserOrUsers: vi.fn(record('userGroups', groups)),
    addRemoveUpdateClaimsToAppUserGroupOrUserGroups: vi.fn(record('groupClaims', claims)),
    addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups: vi.fn(record('groupGroups', groups)),
  };
  return { client: { claim } as unknown as ApiClient, calls };
}

const change: PermissionSave = {
  holderId: 'h',
  claims: { before: [claim(1), claim(2, 5, false)], addUpdate: [claim(3), claim(2, 9, true)], remove: [1] },
  claimGroups: { add: ['g'], remove: [] },
};

describe('inverseClaimsChange', () => {
  it('removes what was added and restores what was updated or removed, as it was', () => {
    expect(inverseClaimsChange(change.claims!)).toEqual({
      before: [],
      addUpdate: [claim(2, 5, false), claim(1)],
      remove: [3],
    });
  });
});

describe('savePermissions', () => {
  it('sends the claims, then the claim groups, of the one holder', async () => {
    const { client, calls } = fakeClient(async () => []);
    await savePermissions(client, 'claimGroup', change);
    expect(calls.map((c) => c.call)).toEqual(['claims', 'groups']);
    expect(calls[0]?.body).toEqual({
      claimSets: ['h'],
      claimBaseToAddUpdate: [claim(3), claim(2, 9, true)],
      claimEnumsToRemoveValue: [1],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(calls[1]?.body).toEqual({
      claimGroupSets: ['h'],
      claimGroupsToAdd: ['g'],
      claimGroupsToRemove: [],
      removeExistingUnMentionedClaimGroups: false,
    });
  });

  it('uses the calls of a user and of a user group', async () => {
    const user = fakeClient(async () => []);
    await savePermissions(user.client, 'user', change);
    expect(user.calls.map((c) => c.call)).toEqual(['userClaims', 'userGroups']);
    const group = fakeClient(async () => []);
    await savePermissions(group.client, 'userGroup', change);
    expect(group.calls.map((c) => c.call)).toEqual(['groupClaims', 'groupGroups']);
  });

  it('sends nothing for an empty part', async () => {
    const { client, calls } = fakeClient(async () => []);
    const onlyGroups = { ...change, claims: { before: [], addUpdate: [], remove: [] } };
    await savePermissions(client, 'claimGroup', onlyGroups);
    expect(calls.map((c) => c.call)).toEqual(['groups']);
    expect(isEmptyPermissionSave({ holderId: 'h', claims: null, claimGroups: { add: [], remove: [] } })).toBe(true);
  });

  it('undoes the claims when the claim-group call fails, and says it did', async () => {
    const refusal = new ApiError(409, '', new Headers(), null);
    const { client, calls } = fakeClient(async () => Promise.reject(refusal));
    const error = await savePermissions(client, 'claimGroup', change).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionSaveError);
    expect((error as PermissionSaveError).undone).toBe(true);
    expect((error as PermissionSaveError).cause).toBe(refusal);
    expect(calls.map((c) => c.call)).toEqual(['claims', 'groups', 'claims']);
    expect(calls[2]?.body).toMatchObject({ claimBaseToAddUpdate: [claim(2, 5, false), claim(1)], claimEnumsToRemoveValue: [3] });
  });

  it('says so when the undo fails too', async () => {
    let claimsCalls = 0;
    const { client } = fakeClient(
      async () => Promise.reject(new Error('groups failed')),
      async () => {
        claimsCalls += 1;
        if (claimsCalls > 1) throw new Error('undo failed');
        return [];
      },
    );
    const error = (await savePermissions(client, 'claimGroup', change).catch((e: unknown) => e)) as PermissionSaveError;
    expect(error.undone).toBe(false);
    expect(error.followUp).toBe('saveUndoFailed');
  });

  it('rethrows a failure of the first call as it is: nothing was changed', async () => {
    const failure = new Error('claims failed');
    const { client, calls } = fakeClient(async () => [], async () => Promise.reject(failure));
    await expect(savePermissions(client, 'claimGroup', change)).rejects.toBe(failure);
    expect(calls.map((c) => c.call)).toEqual(['claims']);
  });
});

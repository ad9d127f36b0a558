import { describe, expect, it } from 'vitest';
import { ClaimTypeFlags } from '../../src/api/enums';
import type { ClaimBase } from '../../src/api/types';
import {
  changedParts,
  describeClaim,
  hasChanges,
  permissionSaveOf,
  hasEntries,
  permissionChangeEntries,
  permissionChanges,
  type PermissionEntryTexts,
} from '../../src/admin/shared/permission-changes';

function claim(claimValue: number, priorityOfPermission = 1, allow = true): ClaimBase {
  return { claimValue, claimType: ClaimTypeFlags.ServerClaim, allow, priorityOfPermission };
}

const texts: PermissionEntryTexts = {
  keyOf: (value) => `Claim_${value}`,
  groupName: (id) => `Group ${id}`,
  groupDescription: 'sub-claim group',
  describe: (c) => describeClaim(c, { priority: 'Priority', allowed: 'allow', denied: 'deny' }),
};

describe('permissionChanges', () => {
  it('finds added, removed and updated claims and added and removed claim groups', () => {
    const changes = permissionChanges(
      { selection: [claim(1), claim(2), claim(3)], groupIds: ['a', 'b'] },
      { selection: [claim(1), claim(3, 5), claim(4)], groupIds: ['b', 'c'] },
    );
    expect(changes.claims.added).toEqual([claim(4)]);
    expect(changes.claims.removed).toEqual([claim(2)]);
    expect(changes.claims.updated).toEqual([{ before: claim(3), after: claim(3, 5) }]);
    expect(changes.groups).toEqual({ toAdd: ['c'], toRemove: ['a'] });
  });

  it('counts a changed priority and a changed allow as updated, not as added or removed', () => {
    const changes = permissionChanges(
      { selection: [claim(1, 1, true), claim(2, 1, true)], groupIds: [] },
      { selection: [claim(1, 7, true), claim(2, 1, false)], groupIds: [] },
    );
    expect(changes.claims.added).toEqual([]);
    expect(changes.claims.removed).toEqual([]);
    expect(changes.claims.updated.map((u) => u.after)).toEqual([claim(1, 7, true), claim(2, 1, false)]);
    expect(changes.claims.toAddUpdate).toEqual([claim(1, 7, true), claim(2, 1, false)]);
  });

  it('finds nothing when the selection equals the grants, in any order', () => {
    const changes = permissionChanges(
      { selection: [claim(1), claim(2, 3, false)], groupIds: ['a', 'b'] },
      { selection: [claim(2, 3, false), claim(1)], groupIds: ['b', 'a'] },
    );
    expect(hasChanges(changes)).toBe(false);
    const entries = permissionChangeEntries(changes, texts);
    expect(entries).toEqual({ added: [], removed: [], updated: [] });
    expect(hasEntries(entries)).toBe(false);
  });
});

describe('permissionSaveOf', () => {
  it('adds and updates claims in one part and removes by claim value, keeping what the holder had for an undo', () => {
    const current = { selection: [claim(1), claim(2)], groupIds: [] };
    const changes = permissionChanges(current, { selection: [claim(2, 4), claim(3)], groupIds: [] });
    expect(permissionSaveOf('holder', current, changes)).toEqual({
      holderId: 'holder',
      claims: { before: [claim(1), claim(2)], addUpdate: [claim(3), claim(2, 4)], remove: [1] },
      claimGroups: null,
    });
    expect(changedParts(changes)).toEqual({ claims: true, groups: false });
  });

  it('sends a claims part when claims are only removed', () => {
    const current = { selection: [claim(1)], groupIds: [] };
    const changes = permissionChanges(current, { selection: [], groupIds: [] });
    expect(permissionSaveOf('holder', current, changes).claims).toEqual({ before: [claim(1)], addUpdate: [], remove: [1] });
    expect(hasChanges(changes)).toBe(true);
  });

  it('grants and revokes claim groups without a claims part', () => {
    const current = { selection: [], groupIds: ['a'] };
    const changes = permissionChanges(current, { selection: [], groupIds: ['b'] });
    const save = permissionSaveOf('holder', current, changes);
    expect(save.claims).toBeNull();
    expect(save.claimGroups).toEqual({ add: ['b'], remove: ['a'] });
    expect(changedParts(changes)).toEqual({ claims: false, groups: true });
  });

  it('has no parts when nothing changed', () => {
    const current = { selection: [claim(1)], groupIds: ['a'] };
    const changes = permissionChanges(current, { selection: [claim(1)], groupIds: ['a'] });
    expect(hasChanges(changes)).toBe(false);
    expect(permissionSaveOf('holder', current, changes)).toEqual({ holderId: 'holder', claims: null, claimGroups: null });
  });
});

describe('permissionChangeEntries', () => {
  it('lists claims before claim groups, and updates as before → after', () => {
    const changes = permissionChanges(
      { selection: [claim(1), claim(2, 2, true)], groupIds: ['a'] },
      { selection: [claim(2, 3, false), claim(5, 4)], groupIds: ['b'] },
    );
    const entries = permissionChangeEntries(changes, texts);
    expect(entries.added).toEqual([
      { key: 5, label: 'Claim_5', description: 'priority 4, allow' },
      { key: 'group:b', label: 'Group b', description: 'sub-claim group' },
    ]);
    expect(entries.removed).toEqual([
      { key: 1, label: 'Claim_1' },
      { key: 'group:a', label: 'Group a', description: 'sub-claim group' },
    ]);
    expect(entries.updated).toEqual([
      { key: 2, label: 'Claim_2', description: 'priority 2, allow → priority 3, deny' },
    ]);
    expect(hasEntries(entries)).toBe(true);
  });

  it('counts an update alone as a change', () => {
    const changes = permissionChanges(
      { selection: [claim(1, 1)], groupIds: [] },
      { selection: [claim(1, 2)], groupIds: [] },
    );
    const entries = permissionChangeEntries(changes, texts);
    expect(entries.added).toEqual([]);
    expect(entries.removed).toEqual([]);
    expect(entries.updated).toHaveLength(1);
    expect(hasEntries(entries)).toBe(true);
  });
});

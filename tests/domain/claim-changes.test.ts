// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ButtonClaim, ClaimTypeFlags, Permission, TableClaim } from '../../src/api/enums';
import {
  checkChangeSize,
  checkClaimGroupNesting,
  DomainError,
  dropsClaimGroup,
  MAX_CHANGE_PAIRS,
  parseClaimGroupsChange,
  parseClaimsChange,
  parseUsersInGroupsChange,
  unknownHolderError,
} from '../../src/domain';

const id = (n: number) => `a0000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
const ids = (count: number, from = 1) => Array.from({ length: count }, (_, i) => id(from + i));

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseClaimsChange', () => {
  it('reads the body with defaults: allow true, priority 1, flags false', () => {
    expect(
      parseClaimsChange({ ClaimSets: [id(1).toUpperCase()], claimBaseToAddUpdate: [{ claimValue: Permission.Form_Add, claimType: 1 }] }),
    ).toEqual({
      claimSets: [id(1)],
      claimBaseToAddUpdate: [{ claimValue: Permission.Form_Add, claimType: 1, allow: true, priorityOfPermission: 1 }],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
  });

  it('adds what is both added and removed', () => {
    const change = parseClaimsChange({
      claimSets: [id(1)],
      claimBaseToAddUpdate: [{ claimValue: Permission.Form_Add, claimType: 1 }],
      claimEnumsToRemoveValue: [Permission.Form_Add, Permission.Form_Delete],
    });
    expect(change.claimEnumsToRemoveValue).toEqual([Permission.Form_Delete]);
  });

  it.each([
    [[1], "'claimBaseToAddUpdate[0]' must be an object."],
    [[{ claimValue: 'x', claimType: 1 }], "'claimBaseToAddUpdate[0].claimValue' must be an integer."],
    [[{ claimValue: Permission.Form_Add, claimType: 3 }], "'claimBaseToAddUpdate[0].claimType' must be 1 (server), 2 (UX) or 4 (table)."],
    [[{ claimValue: Permission.Form_Add }], "'claimBaseToAddUpdate[0].claimType' must be 1 (server), 2 (UX) or 4 (table)."],
    [[{ claimValue: 999, claimType: 1 }], "'claimBaseToAddUpdate[0].claimValue' 999 is not a known claim."],
    [
      [{ claimValue: ButtonClaim.CreateForm_AllowRead, claimType: ClaimTypeFlags.TableClaim }],
      `'claimBaseToAddUpdate[0].claimValue' ${ButtonClaim.CreateForm_AllowRead} (CreateForm_AllowRead) is a claim of type 2, not 4.`,
    ],
    [[{ claimValue: TableClaim.Form_RowLevel, claimType: 4, allow: 'yes' }], "'claimBaseToAddUpdate[0].allow' must be true or false."],
    [[{ claimValue: Permission.Form_Add, claimType: 1, priorityOfPermission: 1001 }], "'claimBaseToAddUpdate[0].priorityOfPermission' must be an integer from 0 to 1000."],
    [[{ claimValue: Permission.Form_Add, claimType: 1, priorityOfPermission: -1 }], "'claimBaseToAddUpdate[0].priorityOfPermission' must be an integer from 0 to 1000."],
    [
      [
        { claimValue: Permission.Form_Add, claimType: 1, priorityOfPermission: 1 },
        { claimValue: Permission.Form_Add, claimType: 1, priorityOfPermission: 2 },
      ],
      `'claimBaseToAddUpdate[1]' repeats claim ${Permission.Form_Add} with a different allow or priority.`,
    ],
  ])('refuses %j with 400 naming the field', (claims, message) => {
    const error = refusal(() => parseClaimsChange({ claimSets: [id(1)], claimBaseToAddUpdate: claims }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });
});

describe('the size of one change', () => {
  it('allows MAX_CHANGE_PAIRS holder × item pairs and refuses more with 413 naming the limit', () => {
    expect(MAX_CHANGE_PAIRS).toBe(2000);
    expect(() => checkChangeSize(100, 20, 'h', "'i'")).not.toThrow();
    const error = refusal(() => checkChangeSize(100, 21, 'h', "'i'"));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      "This change touches 2100 pairs ('h' × 'i'); at most 2000 are allowed in one change. Split it into smaller changes.",
    );
    expect(error.extensions).toEqual({ limit: 2000, pairs: 2100 });
  });

  it('counts added and removed items of each kind of change', () => {
    const members = refusal(() =>
      parseUsersInGroupsChange({ applicationUsersGroups: ids(3), applicationUsersToAdd: ids(400, 10), applicationUsersToRemove: ids(300, 500) }),
    );
    expect(members.status).toBe(413);
    expect(members.extensions).toEqual({ limit: 2000, pairs: 2100 });
    const groups = refusal(() =>
      parseClaimGroupsChange({ claimGroupSets: ids(3), claimGroupsToAdd: ids(700, 10), claimGroupsToRemove: [] }),
    );
    expect(groups.extensions).toEqual({ limit: 2000, pairs: 2100 });
    // One holder with full arrays to add and to remove fits.
    expect(() =>
      parseUsersInGroupsChange({ applicationUsersGroups: ids(1), applicationUsersToAdd: ids(1000, 10), applicationUsersToRemove: ids(1000, 2000) }),
    ).not.toThrow();
  });
});

describe('claim group and member changes', () => {
  it('read ids lower-cased, drop removals that are also added, and default the flag to false', () => {
    expect(parseClaimGroupsChange({ claimGroupSets: [id(1)], claimGroupsToAdd: [id(2)], claimGroupsToRemove: [id(2), id(3)] })).toEqual({
      claimGroupSets: [id(1)],
      claimGroupsToAdd: [id(2)],
      claimGroupsToRemove: [id(3)],
      removeExistingUnMentionedClaimGroups: false,
    });
    expect(parseUsersInGroupsChange({ applicationUsersGroups: [id(1)], applicationUsersToAdd: [id(2)], applicationUsersToRemove: [id(2)], removeExistingUnMentioned: true })).toEqual({
      applicationUsersGroups: [id(1)],
      applicationUsersToAdd: [id(2)],
      applicationUsersToRemove: [],
      removeExistingUnMentioned: true,
    });
    expect(refusal(() => parseClaimGroupsChange([])).message).toBe('The body must be a JSON object.');
  });

  it('say which existing links go away', () => {
    const change = { claimGroupSets: [], claimGroupsToAdd: ['a'], claimGroupsToRemove: ['b'], removeExistingUnMentionedClaimGroups: false };
    expect(dropsClaimGroup(change, 'b')).toBe(true);
    expect(dropsClaimGroup(change, 'c')).toBe(false);
    expect(dropsClaimGroup({ ...change, removeExistingUnMentionedClaimGroups: true }, 'c')).toBe(true);
    expect(dropsClaimGroup({ ...change, removeExistingUnMentionedClaimGroups: true }, 'a')).toBe(false);
  });

  it('name an unknown holder and its field in a 404', () => {
    expect(unknownHolderError('userGroup', id(9), 'applicationUsersGroups')).toMatchObject({
      status: 404,
      message: `Unknown application user group '${id(9)}' in 'applicationUsersGroups'.`,
    });
  });
});

describe('checkClaimGroupNesting', () => {
  // a ⊃ b ⊃ c; d alone.
  const graph = new Map([
    ['a', { subGroupIds: ['b'] }],
    ['b', { subGroupIds: ['c'] }],
    ['c', { subGroupIds: [] }],
    ['d', { subGroupIds: [] }],
  ]);
  const name = (x: string) => x.toUpperCase();
  const nest = (holders: string[], add: string[], remove: string[] = [], unmentioned = false) =>
    checkClaimGroupNesting(
      { claimGroupSets: holders, claimGroupsToAdd: add, claimGroupsToRemove: remove, removeExistingUnMentionedClaimGroups: unmentioned },
      graph,
      name,
    );

  it('allows new nestings that make no cycle', () => {
    expect(() => nest(['a'], ['d'])).not.toThrow();
    expect(() => nest(['d'], ['a'])).not.toThrow();
  });

  it('refuses a group in itself and a cycle (400)', () => {
    expect(refusal(() => nest(['d'], ['d'])).message).toBe("The claim group 'D' cannot contain itself.");
    const cycle = refusal(() => nest(['c'], ['a']));
    expect(cycle.status).toBe(400);
    expect(cycle.message).toBe("Adding 'A' to 'C' would create a cycle of claim groups.");
  });

  it('checks every holder × item edge of the change, removals refusing nothing', () => {
    expect(() => nest(['b'], [], ['c'])).not.toThrow();
    expect(() => nest(['b', 'c'], ['d'])).not.toThrow();
    // Each holder gets each item: the second holder would contain itself.
    expect(refusal(() => nest(['c', 'd'], ['d'])).message).toBe("The claim group 'D' cannot contain itself.");
    // An edge to a group already contained is kept, not re-checked.
    expect(() => nest(['a'], ['b'])).not.toThrow();
  });

  it('leaves the graph it is given unchanged', () => {
    nest(['a'], ['d']);
    expect(graph.get('a')?.subGroupIds).toEqual(['b']);
  });
});

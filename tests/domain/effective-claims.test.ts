// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  computeEffectiveClaims,
  reachableClaimGroups,
  resolveGrants,
  wouldCreateCycle,
  type ClaimGrantInput,
  type ClaimGroupNode,
  type ClaimHolderGraph,
} from '../../src/domain';

const allow = (claimValue: number, priorityOfPermission = 1): ClaimGrantInput => ({
  claimValue,
  allow: true,
  priorityOfPermission,
});
const deny = (claimValue: number, priorityOfPermission = 1): ClaimGrantInput => ({
  claimValue,
  allow: false,
  priorityOfPermission,
});

function graph(partial: Partial<ClaimHolderGraph> & { groups?: Record<string, ClaimGroupNode> }): ClaimHolderGraph {
  return {
    userGrants: partial.userGrants ?? [],
    userClaimGroupIds: partial.userClaimGroupIds ?? [],
    userGroups: partial.userGroups ?? [],
    claimGroups: partial.claimGroups ?? new Map(Object.entries(partial.groups ?? {})),
  };
}

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('resolveGrants', () => {
  it('is empty for no grants', () => {
    expect(sorted(resolveGrants([]))).toEqual([]);
  });

  it('unions distinct allowed claims', () => {
    expect(sorted(resolveGrants([allow(3), allow(1), allow(2)]))).toEqual([1, 2, 3]);
  });

  it('lets the highest priority win', () => {
    expect(sorted(resolveGrants([allow(5, 1), deny(5, 2)]))).toEqual([]);
    expect(sorted(resolveGrants([deny(5, 1), allow(5, 2)]))).toEqual([5]);
    expect(sorted(resolveGrants([allow(5, 3), deny(5, 2)]))).toEqual([5]);
  });

  it('lets a deny win a tie, in any order', () => {
    expect(sorted(resolveGrants([allow(7, 2), deny(7, 2)]))).toEqual([]);
    expect(sorted(resolveGrants([deny(7, 2), allow(7, 2)]))).toEqual([]);
  });

  it('a deny only affects its own claim value', () => {
    expect(sorted(resolveGrants([allow(1), allow(2), deny(2, 5)]))).toEqual([1]);
  });
});

describe('reachableClaimGroups', () => {
  const groups = new Map<string, Pick<ClaimGroupNode, 'subGroupIds'>>([
    ['a', { subGroupIds: ['b'] }],
    ['b', { subGroupIds: ['c'] }],
    ['c', { subGroupIds: ['a'] }], // a cycle
    ['d', { subGroupIds: ['missing'] }],
  ]);

  it('follows nested groups transitively and includes the roots', () => {
    expect([...reachableClaimGroups(['a'], groups)].sort()).toEqual(['a', 'b', 'c']);
  });

  it('terminates on cycles and visits each group once', () => {
    expect(reachableClaimGroups(['c', 'a'], groups).size).toBe(3);
  });

  it('skips unknown (deleted) groups', () => {
    expect([...reachableClaimGroups(['d', 'nope'], groups)]).toEqual(['d']);
  });
});

describe('computeEffectiveClaims', () => {
  it('is empty for a user with nothing', () => {
    expect(sorted(computeEffectiveClaims(graph({})))).toEqual([]);
  });

  it('unions the user, the user groups and every reachable claim group', () => {
    const result = computeEffectiveClaims(
      graph({
        userGrants: [allow(1)],
        userClaimGroupIds: ['direct'],
        userGroups: [{ grants: [allow(2)], claimGroupIds: ['viaGroup'] }],
        groups: {
          direct: { grants: [allow(3)], subGroupIds: ['nested'] },
          nested: { grants: [allow(4)], subGroupIds: ['deeper'] },
          deeper: { grants: [allow(5)], subGroupIds: [] },
          viaGroup: { grants: [allow(6)], subGroupIds: [] },
          unrelated: { grants: [allow(99)], subGroupIds: [] },
        },
      }),
    );
    expect(sorted(result)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a higher-priority deny in a nested group beats a grant elsewhere', () => {
    const result = computeEffectiveClaims(
      graph({
        userGrants: [allow(10, 1)],
        userClaimGroupIds: ['parent'],
        groups: {
          parent: { grants: [allow(11)], subGroupIds: ['child'] },
          child: { grants: [deny(10, 5), allow(12)], subGroupIds: [] },
        },
      }),
    );
    expect(sorted(result)).toEqual([11, 12]);
  });

  it('a user grant with a higher priority beats a group deny', () => {
    const result = computeEffectiveClaims(
      graph({
        userGrants: [allow(20, 10)],
        userGroups: [{ grants: [deny(20, 9)], claimGroupIds: [] }],
      }),
    );
    expect(sorted(result)).toEqual([20]);
  });

  it('counts a group reached twice once and survives cycles', () => {
    const result = computeEffectiveClaims(
      graph({
        userClaimGroupIds: ['a', 'b'],
        userGroups: [{ grants: [], claimGroupIds: ['a'] }],
        groups: {
          a: { grants: [allow(1)], subGroupIds: ['b'] },
          b: { grants: [allow(2)], subGroupIds: ['a'] },
        },
      }),
    );
    expect(sorted(result)).toEqual([1, 2]);
  });
});

describe('wouldCreateCycle', () => {
  const groups = new Map<string, Pick<ClaimGroupNode, 'subGroupIds'>>([
    ['a', { subGroupIds: ['b'] }],
    ['b', { subGroupIds: ['c'] }],
    ['c', { subGroupIds: [] }],
    ['x', { subGroupIds: [] }],
  ]);

  it('refuses a group inside itself', () => {
    expect(wouldCreateCycle('a', 'a', groups)).toBe(true);
  });

  it('refuses a group inside one of its (transitive) sub-groups', () => {
    expect(wouldCreateCycle('c', 'a', groups)).toBe(true);
    expect(wouldCreateCycle('b', 'a', groups)).toBe(true);
  });

  it('allows unrelated and downward nesting', () => {
    expect(wouldCreateCycle('a', 'x', groups)).toBe(false);
    expect(wouldCreateCycle('x', 'a', groups)).toBe(false);
    expect(wouldCreateCycle('a', 'c', groups)).toBe(false);
  });
});

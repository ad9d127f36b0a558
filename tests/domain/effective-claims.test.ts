// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  claimGroupHolderGraph,
  computeEffectiveClaims,
  explainEffectiveClaims,
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

describe('explainEffectiveClaims: why can they?', () => {
  const FORM_SELECT = 16;
  const FORM_DELETE = 12;
  // user → group "Form Editors Team" → role "Form Editors" → role "Form Readers" → Form_Select
  const graph = {
    holder: { kind: 'user' as const, id: 'u1', name: 'Eddie Editor' },
    userGrants: [{ claimValue: FORM_DELETE, allow: false, priorityOfPermission: 5 }],
    userClaimGroupIds: [],
    userGroups: [
      {
        id: 'ug1',
        name: 'Form Editors Team',
        grants: [{ claimValue: FORM_DELETE, allow: true, priorityOfPermission: 2 }],
        claimGroupIds: ['editors'],
      },
    ],
    claimGroups: new Map([
      ['editors', { name: 'Form Editors', grants: [{ claimValue: FORM_SELECT, allow: false, priorityOfPermission: 1 }], subGroupIds: ['readers'] }],
      ['readers', { name: 'Form Readers', grants: [{ claimValue: FORM_SELECT, allow: true, priorityOfPermission: 1 }], subGroupIds: ['editors'] }],
    ]),
  };

  it('names the winning grant and the path it came through, nesting included', () => {
    const explained = explainEffectiveClaims(graph);
    expect(explained.map((e) => e.claimValue)).toEqual([FORM_DELETE, FORM_SELECT]);
    const del = explained[0]!;
    expect(del).toMatchObject({ allowed: false, winner: { allow: false, priorityOfPermission: 5 } });
    expect(del.winner.path.map((s) => s.name)).toEqual(['Eddie Editor']);
    expect(del.overruled).toEqual([
      expect.objectContaining({ allow: true, priorityOfPermission: 2, reason: 'lower-priority', path: [graph.holder, { kind: 'userGroup', id: 'ug1', name: 'Form Editors Team' }] }),
    ]);
  });

  it('a deny wins a tie of priorities, and the cycle between the two roles is walked once', () => {
    const select = explainEffectiveClaims(graph)[1]!;
    expect(select.allowed).toBe(false);
    expect(select.winner.path.map((s) => `${s.kind}:${s.name}`)).toEqual(['user:Eddie Editor', 'userGroup:Form Editors Team', 'claimGroup:Form Editors']);
    expect(select.overruled).toHaveLength(1);
    expect(select.overruled[0]).toMatchObject({ reason: 'deny-wins-tie', allow: true });
    expect(select.overruled[0]!.path.map((s) => s.name)).toEqual(['Eddie Editor', 'Form Editors Team', 'Form Editors', 'Form Readers']);
  });

  it('agrees with computeEffectiveClaims on every graph (one rule, not two)', () => {
    const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      const r = random(run + 1);
      const grant = () => ({ claimValue: Math.floor(r() * 6), allow: r() > 0.3, priorityOfPermission: 1 + Math.floor(r() * 3) });
      const ids = ['a', 'b', 'c', 'd'];
      const g = {
        userGrants: Array.from({ length: Math.floor(r() * 3) }, grant),
        userClaimGroupIds: ids.filter(() => r() > 0.7),
        userGroups: [{ grants: Array.from({ length: Math.floor(r() * 3) }, grant), claimGroupIds: ids.filter(() => r() > 0.7) }],
        claimGroups: new Map(ids.map((id) => [id, { grants: Array.from({ length: Math.floor(r() * 4) }, grant), subGroupIds: ids.filter(() => r() > 0.75) }])),
      };
      const allowed = explainEffectiveClaims(g).filter((e) => e.allowed).map((e) => e.claimValue);
      expect(allowed).toEqual([...computeEffectiveClaims(g)].sort((a, b) => a - b));
    }
  });
});

describe('claimGroupHolderGraph: what a role grants', () => {
  const groups = new Map<string, ClaimGroupNode>([
    ['outer', { name: 'Outer', grants: [allow(1), deny(2, 5)], subGroupIds: ['inner'] }],
    ['inner', { name: 'Inner', grants: [allow(2, 3), allow(3)], subGroupIds: [] }],
  ]);

  it('reads the role’s own grants as granted directly and names the nested role of the others', () => {
    const g = claimGroupHolderGraph('outer', groups);
    const explained = explainEffectiveClaims(g!);
    expect(explained.map((e) => [e.claimValue, e.allowed, e.winner.path.map((s) => s.name)])).toEqual([
      [1, true, ['Outer']],
      [2, false, ['Outer']],
      [3, true, ['Outer', 'Inner']],
    ]);
    expect(explained[1]?.overruled.map((o) => [o.path.map((s) => s.name), o.reason])).toEqual([[['Outer', 'Inner'], 'lower-priority']]);
    expect(g?.holder).toEqual({ kind: 'claimGroup', id: 'outer', name: 'Outer' });
  });

  it('is undefined for a group the graph does not hold', () => {
    expect(claimGroupHolderGraph('missing', groups)).toBeUndefined();
  });
});

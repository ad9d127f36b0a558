// @vitest-environment node
/**
 * The claim graphs of holders on their own port: a store of a few lines over lists. Both backends run it (tests/contract
 * holds the fake and the server to the same answers); here, which rows a graph is made of.
 */
import { describe, expect, it } from 'vitest';
import { Permission } from '../../src/contract/enums';
import { changesRemoveOwnAdminAccess, computeEffectiveClaims, reachableClaimGroups, type ClaimGroupNode } from '../../src/domain';
import { claimGraphOf, ownAccessModel, type ClaimGraphStore, type UserGroupHolding } from '../../src/service/claim-graphs';

const admin = { claimValue: Permission.GlobalDataAdmin, allow: true, priorityOfPermission: 1 };
const read = { claimValue: Permission.Form_Select, allow: true, priorityOfPermission: 1 };

/** Claim groups 'admins' (nesting 'readers') and 'readers'; user group 'team' holds 'admins'; user 'u1' is in 'team'. */
function listStore() {
  const asked: string[] = [];
  const claimGroups = new Map<string, ClaimGroupNode>([
    ['admins', { name: 'Admins', grants: [admin], subGroupIds: ['readers'] }],
    ['readers', { name: 'Readers', grants: [read], subGroupIds: [] }],
  ]);
  const userGroups = new Map<string, UserGroupHolding>([
    ['team', { name: 'Team', grants: [], claimGroupIds: ['admins'] }],
    ['other', { name: 'Other', grants: [read], claimGroupIds: [] }],
  ]);
  const reach = (roots: readonly string[]) => new Map([...reachableClaimGroups(roots, claimGroups)].map((id) => [id, claimGroups.get(id)!]));
  const store: ClaimGraphStore = {
    async userGraph(id) {
      asked.push(`user ${id}`);
      if (id !== 'u1') return null;
      const team = userGroups.get('team')!;
      return { holder: { kind: 'user', id, name: 'Ada' }, enabled: true, userGrants: [], userClaimGroupIds: [], userGroups: [{ id: 'team', ...team }], claimGroups: reach(team.claimGroupIds) };
    },
    async userGroups(ids) {
      asked.push(`groups ${ids.join(',')}`);
      return new Map(ids.flatMap((id) => (userGroups.has(id) ? [[id, userGroups.get(id)!] as const] : [])));
    },
    async reachableClaimGroups(roots) {
      asked.push(`reach ${roots.join(',')}`);
      return reach(roots);
    },
  };
  return { store, asked };
}

describe('claimGraphOf', () => {
  it('a user group: its own grants and the claim groups it reaches, named for explanations', async () => {
    const { store } = listStore();
    const graph = await claimGraphOf(store, 'userGroup', 'TEAM');
    expect(graph?.holder).toEqual({ kind: 'userGroup', id: 'team', name: 'Team' });
    expect([...(graph?.claimGroups.keys() ?? [])].sort()).toEqual(['admins', 'readers']);
    expect(computeEffectiveClaims(graph!)).toEqual(new Set([Permission.GlobalDataAdmin, Permission.Form_Select]));
  });

  it('a claim group: its own grants as the holder’s, its sub-groups as its claim groups', async () => {
    const { store } = listStore();
    const graph = await claimGraphOf(store, 'claimGroup', 'admins');
    expect(graph?.holder).toEqual({ kind: 'claimGroup', id: 'admins', name: 'Admins' });
    expect(graph?.userGrants).toEqual([admin]);
    expect(graph?.userClaimGroupIds).toEqual(['readers']);
  });

  it('none with that id: null, for each kind', async () => {
    const { store } = listStore();
    for (const kind of ['user', 'userGroup', 'claimGroup'] as const) expect(await claimGraphOf(store, kind, 'nobody')).toBeNull();
  });
});

describe('ownAccessModel', () => {
  it('the caller, their groups and the groups the changes name, with every claim group these reach; loads each once', async () => {
    const { store, asked } = listStore();
    const model = await ownAccessModel(store, 'u1', { userGroupIds: ['team', 'other', 'missing'], claimGroupIds: ['readers'] });
    expect([...model.users.keys()]).toEqual(['u1']);
    expect([...model.userGroups.keys()].sort()).toEqual(['other', 'team']);
    expect([...model.claimGroups.keys()].sort()).toEqual(['admins', 'readers']);
    // The caller's graph already holds 'team' and both claim groups: only the others are asked for.
    expect(asked).toEqual(['user u1', 'groups other,missing']);
    const leaveTeam = { type: 'members' as const, change: { applicationUsersGroups: ['team'], applicationUsersToAdd: [], applicationUsersToRemove: ['u1'], removeExistingUnMentioned: false } };
    expect(changesRemoveOwnAdminAccess(model, 'u1', [leaveTeam])).toBe(true);
  });

  it('a caller who is no live user holds nothing', async () => {
    const { store } = listStore();
    const model = await ownAccessModel(store, 'ghost', { userGroupIds: [], claimGroupIds: ['admins'] });
    expect(model.users.size).toBe(0);
    expect([...model.claimGroups.keys()].sort()).toEqual(['admins', 'readers']);
  });
});

// @vitest-environment node
/**
 * The permission change use cases (claims, claim groups, members) on their own ports: a store of a few lines over a list, a fixed clock.
 * Both backends run it (tests/contract holds the fake and the server to the same answers); here, what it decides.
 */
import { describe, expect, it } from 'vitest';
import type {
  ApplicationUserApplicationUserGroup, ClaimGrant, ClaimGroupLink, ClaimGroupsChangeRequest, ClaimsChangeRequest, UsersInGroupsChangeRequest,
} from '../../src/contract/types';
import { Permission } from '../../src/contract/enums';
import type { AccessModel, HistoryEntry } from '../../src/domain';
import { planClaimGroupsChange, removeClaimGroup, type ClaimGroupRemovalStore } from '../../src/service/claim-groups';
import { changeClaims, planClaimsChange, type ClaimsStore } from '../../src/service/claims';
import { planMembersChange } from '../../src/service/members';

const at = new Date('2026-01-02T03:04:05Z');
const grant = (id: string, holder: string, claimValue: number, allow = true, priorityOfPermission = 1): ClaimGrant => ({
  id, recordId: holder, claimValue, claimType: 1, allow, priorityOfPermission, isDeleted: false, createdDateTime: at, lastUpdatedDateTime: at,
});
const change = (over: Partial<ClaimsChangeRequest>): ClaimsChangeRequest => ({
  claimSets: ['u1'], claimBaseToAddUpdate: [], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false, ...over,
});

/** A store over a map of grants; it logs what it is asked to do. */
function mapStore(grants: ClaimGrant[], names: Record<string, string>, access: AccessModel | null = null) {
  const log: string[] = [];
  const history: HistoryEntry[] = [];
  let next = 0;
  const store: ClaimsStore = {
    holderNames: async (_kind, ids) => new Map(ids.filter((id) => id in names).map((id) => [id, names[id]!])),
    grantsByHolder: async (_kind, ids) =>
      new Map(ids.map((id) => [id, grants.filter((g) => g.recordId === id).sort((a, b) => a.claimValue - b.claimValue)])),
    removeGrants: async (_kind, ids) => {
      log.push(`remove ${ids.join(',')}`);
      grants = grants.filter((g) => !ids.includes(g.id));
    },
    putGrants: async (_kind, writes, now) => {
      log.push(`put ${writes.map((w) => `${w.holderId}:${w.claimValue}`).join(',')}`);
      for (const { holderId, ...claim } of writes) {
        grants = grants.filter((g) => !(g.recordId === holderId && g.claimValue === claim.claimValue));
        grants.push({ ...grant(`new${++next}`, holderId, claim.claimValue), ...claim, lastUpdatedDateTime: now });
      }
    },
    claimsChanged: async (kind, ids) => void log.push(`changed ${kind} ${ids.join(',')}`),
    recordHistory: async (entries) => void history.push(...entries),
    accessModel: async () => access,
  };
  return { store, log, history, grants: () => grants };
}

const ports = (store: ClaimsStore) => ({ store, clock: { now: () => at }, ids: { newId: () => 'h1' } });
const actor = { id: 'a1', name: 'Admin' };

describe('planClaimsChange', () => {
  const before = new Map([['u1', [grant('g1', 'u1', 10), grant('g2', 'u1', 20, true, 2)]]]);

  it('removes what claimEnumsToRemoveValue names, and with removeExistingUnMentionedClaimBase what the change does not name', () => {
    expect(planClaimsChange(change({ claimEnumsToRemoveValue: [20, 99] }), before).removals).toEqual(['g2']);
    const keep10 = change({ claimBaseToAddUpdate: [{ claimValue: 10, claimType: 1, allow: true, priorityOfPermission: 1 }], removeExistingUnMentionedClaimBase: true });
    expect(planClaimsChange(keep10, before)).toEqual({ removals: ['g2'], writes: [] });
  });

  it('writes a claim that is new or differs in allow, priority or claim type, never one the holder holds already', () => {
    const claims = [
      { claimValue: 10, claimType: 1 as const, allow: true, priorityOfPermission: 1 },
      { claimValue: 20, claimType: 1 as const, allow: false, priorityOfPermission: 2 },
      { claimValue: 30, claimType: 1 as const, allow: true, priorityOfPermission: 1 },
    ];
    expect(planClaimsChange(change({ claimBaseToAddUpdate: claims }), before).writes.map((w) => [w.holderId, w.claimValue, w.allow])).toEqual([
      ['u1', 20, false],
      ['u1', 30, true],
    ]);
    const retyped = [{ claimValue: 10, claimType: 2 as const, allow: true, priorityOfPermission: 1 }];
    expect(planClaimsChange(change({ claimBaseToAddUpdate: retyped }), before).writes).toHaveLength(1);
  });
});

describe('changeClaims', () => {
  it('stores, reports and records a change, and answers the holders\' grants in claimSets order', async () => {
    const s = mapStore([grant('g1', 'u1', 10), grant('g9', 'u2', 10)], { u1: 'Ann', u2: 'Bob' });
    const answer = await changeClaims(ports(s.store), 'user', change({
      claimSets: ['u2', 'u1'], claimBaseToAddUpdate: [{ claimValue: 20, claimType: 1, allow: true, priorityOfPermission: 1 }], claimEnumsToRemoveValue: [10],
    }), actor);
    expect(s.log).toEqual(['remove g9,g1', 'put u2:20,u1:20', 'changed user u2,u1']);
    expect(answer.map((g) => `${g.recordId}:${g.claimValue}`)).toEqual(['u2:20', 'u1:20']);
    expect(s.history.map((e) => [e.holderName, e.at, e.actor, e.added.map((i) => i.key), e.removed.map((i) => i.key)])).toEqual([
      ['Bob', at, actor, ['claim:20'], ['claim:10']],
      ['Ann', at, actor, ['claim:20'], ['claim:10']],
    ]);
  });

  it('a change that changes nothing stores, reports and records nothing', async () => {
    const s = mapStore([grant('g1', 'u1', 10)], { u1: 'Ann' });
    const same = change({ claimBaseToAddUpdate: [{ claimValue: 10, claimType: 1, allow: true, priorityOfPermission: 1 }] });
    expect(await changeClaims(ports(s.store), 'user', same, actor)).toEqual([grant('g1', 'u1', 10)]);
    expect(s.log).toEqual([]);
    expect(s.history).toEqual([]);
  });

  it('runs the access guards first: taking GlobalDataAdmin from the last administrator is 409, nothing stored or recorded', async () => {
    const admin = { claimValue: Permission.GlobalDataAdmin, allow: true, priorityOfPermission: 1 };
    const model: AccessModel = {
      users: new Map([['u1', { enabled: true, grants: [admin], claimGroupIds: [], userGroupIds: [] }]]),
      userGroups: new Map(),
      claimGroups: new Map(),
    };
    const s = mapStore([grant('g1', 'u1', Permission.GlobalDataAdmin)], { u1: 'Ann' }, model);
    const revoke = change({ claimEnumsToRemoveValue: [Permission.GlobalDataAdmin] });
    await expect(changeClaims(ports(s.store), 'user', revoke, actor)).rejects.toMatchObject({ status: 409 });
    expect(s.log).toEqual([]);
    expect(s.history).toEqual([]);
    // The same change passes when the store says its locks leave nothing to check.
    await changeClaims(ports(mapStore([grant('g1', 'u1', Permission.GlobalDataAdmin)], { u1: 'Ann' }).store), 'user', revoke, actor);
  });

  it('refuses an unknown holder (404 naming claimSets) before anything is stored', async () => {
    const s = mapStore([grant('g1', 'u1', 10)], { u1: 'Ann' });
    await expect(changeClaims(ports(s.store), 'userGroup', change({ claimSets: ['u1', 'nobody'], claimEnumsToRemoveValue: [10] }), actor)).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining("'nobody' in 'claimSets'"),
    });
    expect(s.log).toEqual([]);
    expect(s.grants()).toHaveLength(1);
  });
});

describe('planClaimGroupsChange', () => {
  const link = (id: string, holderId: string, recordId: string): ClaimGroupLink => ({
    id, holderId, recordId, priorityOfPermission: 1, isDeleted: false, createdDateTime: at, lastUpdatedDateTime: at, claimGroup: null,
  });
  const before = new Map([['h1', [link('l1', 'h1', 'cgA'), link('l2', 'h1', 'cgB')]], ['h2', [link('l3', 'h2', 'cgA')]]]);
  const groups = (over: Partial<ClaimGroupsChangeRequest>): ClaimGroupsChangeRequest => ({
    claimGroupSets: ['h1', 'h2'], claimGroupsToAdd: [], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false, ...over,
  });

  it('adds a group only to the holders that lack it, and removes what the change drops', () => {
    expect(planClaimGroupsChange(groups({ claimGroupsToAdd: ['cgB'], claimGroupsToRemove: ['cgA'] }), before)).toEqual({
      removals: ['l1', 'l3'],
      additions: [{ holderId: 'h2', claimGroupId: 'cgB' }],
    });
  });

  it('with removeExistingUnMentionedClaimGroups keeps exactly the groups it adds; a group both added and removed stays', () => {
    expect(planClaimGroupsChange(groups({ claimGroupsToAdd: ['cgA'], removeExistingUnMentionedClaimGroups: true }), before)).toEqual({
      removals: ['l2'],
      additions: [],
    });
    expect(planClaimGroupsChange(groups({ claimGroupsToAdd: ['cgA'], claimGroupsToRemove: ['cgA'] }), before)).toEqual({ removals: [], additions: [] });
  });
});

describe('planMembersChange', () => {
  const member = (id: string, group: string, user: string): ApplicationUserApplicationUserGroup => ({
    id, applicationUserGroupId: group, applicationUserId: user, isDeleted: false, createdDateTime: at, lastUpdatedDateTime: at,
  });
  const before = new Map([['g1', [member('m1', 'g1', 'u1'), member('m2', 'g1', 'u2')]]]);
  const members = (over: Partial<UsersInGroupsChangeRequest>): UsersInGroupsChangeRequest => ({
    applicationUsersGroups: ['g1'], applicationUsersToAdd: [], applicationUsersToRemove: [], removeExistingUnMentioned: false, ...over,
  });

  it('names only the users who left or joined as the ones whose claims changed', () => {
    expect(planMembersChange(members({ applicationUsersToAdd: ['u1', 'u3'], applicationUsersToRemove: ['u2'] }), before)).toEqual({
      removals: ['m2'],
      additions: [{ applicationUserId: 'u3', applicationUserGroupId: 'g1' }],
      users: ['u2', 'u3'],
    });
    expect(planMembersChange(members({ applicationUsersToAdd: ['u1'], removeExistingUnMentioned: true }), before)).toEqual({
      removals: ['m2'],
      additions: [],
      users: ['u2'],
    });
  });
});

describe('removeClaimGroup', () => {
  it('records that each live holder lost the group, says claims changed before the group goes, then removes it', async () => {
    const log: string[] = [];
    const history: HistoryEntry[] = [];
    const holders: Record<string, Map<string, string>> = { user: new Map([['u1', 'Ada']]), userGroup: new Map(), claimGroup: new Map([['cgP', 'Parents']]) };
    const store: ClaimGroupRemovalStore = {
      holderNames: async () => new Map(),
      claimsChanged: async (kind, ids) => void log.push(`claimsChanged ${kind} ${ids.join(',')}`),
      recordHistory: async (entries) => void history.push(...entries),
      accessModel: async () => null,
      holdersOfClaimGroup: async (kind) => holders[kind]!,
      removeClaimGroup: async (id) => void log.push(`remove ${id}`),
    };
    let next = 0;
    await removeClaimGroup({ store, clock: { now: () => at }, ids: { newId: () => `h${++next}` } }, { id: 'cg1', name: 'Readers' }, { id: 'me', name: 'Me' });
    expect(log).toEqual(['claimsChanged claimGroup cg1', 'remove cg1']);
    expect(history.map((e) => [e.id, e.at, e.holderKind, e.holderId, e.holderName, e.action, e.removed, e.added, e.actor?.id])).toEqual([
      ['h1', at, 'user', 'u1', 'Ada', 'claimGroups', [{ key: 'claimGroup:cg1', label: 'Readers' }], [], 'me'],
      ['h2', at, 'claimGroup', 'cgP', 'Parents', 'claimGroups', [{ key: 'claimGroup:cg1', label: 'Readers' }], [], 'me'],
    ]);
  });
});

// @vitest-environment node
/**
 * Administration writes (example-host/server/routes/writes.ts):
 * - locks are scoped — against a real PostgreSQL server (PGlite runs one transaction at a
 *   time), a write to one holder does not wait for a slow write to another, a write to the same holder
 *   does, and a change that can take access away waits for access changes in flight;
 * - the effective-claims cache is cleared only after a commit that changed claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import type { AccessChange } from '../../src/domain';
import { ClaimsService } from '../../example-host/server/claims-service';
import { openDatabase, type OpenDatabase } from '../../example-host/server/db/index';
import { runMigrations } from '../../example-host/server/db/migrate';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { locksOf, write, type WritePlan } from '../../example-host/server/routes/writes';
import type { Services } from '../../example-host/server/services';
import { call, callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const grant = (userId: string): AccessChange => ({
  type: 'claims',
  holderKind: 'user',
  change: {
    claimSets: [userId],
    claimBaseToAddUpdate: [{ claimValue: Permission.Form_Select, claimType: 1, allow: true, priorityOfPermission: 1 }],
    claimEnumsToRemoveValue: [],
    removeExistingUnMentionedClaimBase: false,
  },
});
const revoke = (userId: string): AccessChange => ({
  type: 'claims',
  holderKind: 'user',
  change: { claimSets: [userId], claimBaseToAddUpdate: [], claimEnumsToRemoveValue: [Permission.Form_Select], removeExistingUnMentionedClaimBase: false },
});
const USER_A = 'a0000000-0000-4000-8000-00000000000a';
const USER_B = 'b0000000-0000-4000-8000-00000000000b';

describe('the locks of a write plan', () => {
  it('lock each changed holder exclusively and each referenced one shared, in one order', () => {
    const locks = locksOf({ changes: [USER_A], refersTo: [USER_B, USER_A] }, 'shared');
    expect(locks[0]).toEqual({ space: 774_410, key: 1, shared: true }); // the administrator lock first
    const holders = locks.slice(1);
    expect(holders.map((l) => l.shared).sort()).toEqual([false, true]);
    expect(holders.map((l) => l.key)).toEqual([...holders.map((l) => l.key)].sort((a, b) => a - b));
  });

  it('give two writes to different holders no exclusive lock in common', () => {
    const exclusive = (plan: WritePlan) => locksOf(plan, 'shared').filter((l) => !l.shared).map((l) => `${l.space}:${l.key}`);
    const a = exclusive({ changes: [USER_A] });
    const b = exclusive({ changes: [USER_B] });
    expect(a).toHaveLength(1);
    expect(a.filter((k) => b.includes(k))).toEqual([]);
    // Name checks and nesting checks serialise with their own kind only.
    expect(locksOf({ names: 'claimGroup' }, 'none')).toEqual([{ space: 774_410, key: 3, shared: false }]);
    expect(locksOf({ names: 'userGroup', nesting: true }, 'none').map((l) => l.key)).toEqual([2, 4]);
  });
});

describe('scoped write locks on PostgreSQL', () => {
  let pg: TemporaryPostgres;
  let open: OpenDatabase;
  let services: Services;

  beforeAll(async () => {
    pg = await startTemporaryPostgres();
    open = await openDatabase({ databaseUrl: pg.url });
    await runMigrations(open.db);
    services = { db: open.db, claims: new ClaimsService(open.db) } as unknown as Services;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await open?.close();
    await pg?.stop();
  });

  /** Starts a write that holds its locks until released. */
  function slowWrite(plan: WritePlan, events: string[], name: string) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const done = write(services, plan, async () => {
      events.push(`${name} started`);
      started();
      await gate;
      events.push(`${name} done`);
    });
    return { running, release, done };
  }

  it('lets a write to another holder through while a slow write holds its holder', async () => {
    const events: string[] = [];
    const slow = slowWrite({ changes: [USER_A], access: grant(USER_A) }, events, 'A');
    await slow.running;
    await write(services, { changes: [USER_B], access: grant(USER_B) }, async () => {
      events.push('B');
    });
    expect(events).toEqual(['A started', 'B']);
    slow.release();
    await slow.done;
  });

  it('makes a write to the same holder wait', async () => {
    const events: string[] = [];
    const slow = slowWrite({ changes: [USER_A], access: grant(USER_A) }, events, 'A');
    await slow.running;
    const same = write(services, { changes: [USER_A], access: grant(USER_A) }, async () => {
      events.push('A again');
    });
    await sleep(300);
    expect(events).toEqual(['A started']);
    slow.release();
    await Promise.all([slow.done, same]);
    expect(events).toEqual(['A started', 'A done', 'A again']);
  });

  it('makes a change that can take access away wait for access changes in flight, but not a name change', async () => {
    const events: string[] = [];
    const slow = slowWrite({ changes: [USER_A], access: grant(USER_A) }, events, 'grant A');
    await slow.running;
    const removal = write(services, { changes: [USER_B], access: revoke(USER_B) }, async () => {
      events.push('revoke B');
    });
    await write(services, { names: 'claimGroup' }, async () => {
      events.push('create a group');
    });
    await sleep(300);
    expect(events).toEqual(['grant A started', 'create a group']);
    slow.release();
    await Promise.all([slow.done, removal]);
    expect(events).toEqual(['grant A started', 'create a group', 'grant A done', 'revoke B']);
  });
});

describe('the effective-claims cache', () => {
  let server: TestServer;
  let admin: string;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.mintAccessToken({ sub: 'admin' });
    ({ token, userId } = await userWithClaims(server, 'cache-writes-user', [Permission.Form_Select]));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
  });

  const claimsChange = (body: object) =>
    callJson(server, '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', { token: admin, method: 'POST', body });
  const formSelect = { claimValue: Permission.Form_Select, claimType: 1, allow: true, priorityOfPermission: 1 };

  /** Fills the cache with the user's claims (and the administrator's). */
  async function warm(): Promise<number> {
    expect((await call(server, '/api/Claim/GetMyClaims', { token })).status).toBe(200);
    expect((await call(server, '/api/Claim/GetMyClaims', { token: admin })).status).toBe(200);
    expect(server.claims.size).toBeGreaterThanOrEqual(2);
    return server.claims.size;
  }

  it('keeps it after writes that change no claims', async () => {
    const size = await warm();
    // The grant the user already holds, unchanged.
    expect((await claimsChange({ claimSets: [userId], claimBaseToAddUpdate: [formSelect] })).status).toBe(200);
    // Removing a claim the user does not hold.
    expect((await claimsChange({ claimSets: [userId], claimEnumsToRemoveValue: [Permission.Form_Delete] })).status).toBe(200);
    // Creating and renaming a group.
    const name = `Cache Group ${crypto.randomUUID().slice(0, 8)}`;
    expect((await call(server, '/api/Claim/CreateNewClaimGroup', { token: admin, method: 'POST', query: { groupName: name } })).status).toBe(200);
    const renamed = { newGroupName: `${name} 2`, currentGroupName: name };
    expect((await call(server, '/api/Claim/RenameClaimGroup', { token: admin, method: 'PUT', query: renamed })).status).toBe(200);
    // A refused change (the last administrator) and a failed one (unknown holder) commit nothing.
    const lastAdmin = await callJson(server, '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
      token: admin,
      method: 'POST',
      body: { claimSets: [SEED_IDS.claimGroups.administrators], claimEnumsToRemoveValue: [Permission.GlobalDataAdmin] },
    });
    expect(lastAdmin.status).toBe(409);
    expect((await claimsChange({ claimSets: [crypto.randomUUID()], claimBaseToAddUpdate: [formSelect] })).status).toBe(404);
    expect(server.claims.size).toBe(size);
  });

  it('forgets, after a commit that changed claims, the claims of the users it reached (only), and the change shows at once', async () => {
    let size = await warm();
    const res = await claimsChange({ claimSets: [userId], claimBaseToAddUpdate: [{ ...formSelect, priorityOfPermission: 7 }] });
    expect(res.status).toBe(200);
    // The user's claims are forgotten; the administrator's, which the change cannot reach, are kept.
    expect(server.claims.size).toBe(size - 1);
    size = await warm();
    expect((await claimsChange({ claimSets: [userId], claimEnumsToRemoveValue: [Permission.Form_Select] })).status).toBe(200);
    expect(server.claims.size).toBe(size - 1);
    expect((await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token })).body).toEqual([]);
  });
});

// @vitest-environment node
/**
 * Several server instances over one PostgreSQL. A permission revoked through one instance is refused by
 * another within a second (the permissions version each instance checks), while unrelated requests keep their cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTypeFlags, Permission } from '../../src/api/enums';
import { readPermissionsVersion } from '../../example-host/server/claims-service';
import { call, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const LIST = '/api/Claim/ClaimGroupsList';
const LIST_QUERY = { includeClaims: 'false', IncludeApplicationUserGroups: 'false', IncludeApplicationUsers: 'false', includeClaimGroups: 'false' };

let pg: TemporaryPostgres;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  pg = await startTemporaryPostgres();
  // The first instance runs the identity provider; the second trusts it as an external provider, as instances behind
  // one load balancer would. Both use the same PostgreSQL database (and so the same signing keys and permissions).
  first = await startTestServer({ databaseUrl: pg.url, memoryDatabaseTemplate: null });
  second = await startTestServer({ databaseUrl: pg.url, memoryDatabaseTemplate: null, externalOidc: { issuer: first.issuerUrl } });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await pg?.stop();
});

describe('two server instances over one PostgreSQL', () => {
  it('a claim revoked through the first instance is refused by the second within one second', async () => {
    const admin = await userWithClaims(first, 'mi-admin', [Permission.GlobalDataAdmin]);
    const reader = await userWithClaims(first, 'mi-reader', [Permission.Claim_ReadClaimGroups]);
    // The second instance answers, and caches the reader's claims.
    expect((await call(second, LIST, { token: reader.token, query: LIST_QUERY })).status).toBe(200);
    expect((await call(second, LIST, { token: reader.token, query: LIST_QUERY })).status).toBe(200);

    const before = await readPermissionsVersion(first.db);
    const revoke = await call(first, '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', {
      token: admin.token,
      method: 'POST',
      body: {
        claimSets: [reader.userId],
        claimBaseToAddUpdate: [],
        claimEnumsToRemoveValue: [Permission.Claim_ReadClaimGroups],
        removeExistingUnMentionedClaimBase: false,
      },
    });
    expect(revoke.status).toBe(200);
    const revokedAt = Date.now();
    expect(await readPermissionsVersion(first.db)).toBe(before + 1);

    // The first instance refuses at once; the second within one second.
    expect((await call(first, LIST, { token: reader.token, query: LIST_QUERY })).status).toBe(403);
    let status = 200;
    while (status !== 403 && Date.now() - revokedAt < 1_000) {
      status = (await call(second, LIST, { token: reader.token, query: LIST_QUERY })).status;
      if (status !== 403) await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe(403);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
  });

  it('a grant through the second instance works on the first', async () => {
    const admin = await userWithClaims(first, 'mi-admin-2', [Permission.GlobalDataAdmin]);
    const user = await userWithClaims(first, 'mi-user', []);
    expect((await call(first, LIST, { token: user.token, query: LIST_QUERY })).status).toBe(403);
    const grant = await call(second, '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', {
      token: admin.token,
      method: 'POST',
      body: {
        claimSets: [user.userId],
        claimBaseToAddUpdate: [{ claimValue: Permission.Claim_ReadClaimGroups, claimType: ClaimTypeFlags.ServerClaim, allow: true, priorityOfPermission: 1 }],
        claimEnumsToRemoveValue: [],
        removeExistingUnMentionedClaimBase: false,
      },
    });
    expect(grant.status).toBe(200);
    await expect
      .poll(async () => (await call(first, LIST, { token: user.token, query: LIST_QUERY })).status, { timeout: 1_000, interval: 25 })
      .toBe(200);
  });
});

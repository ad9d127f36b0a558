// @vitest-environment node
/**
 * The claim catalogue (names, descriptions) and the row-level permission calls through the server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefaultClaimNumbers, Permission, RowLevelPermission, TableClaim } from '../../src/api/enums';
import type { ClaimTypeNames, ClaimTypeRecord, EntityWithPermissions } from '../../src/api/types';
import { forms } from '../../example-host/server/db/schema';
import { SEED_IDS } from '../../example-host/server/db/seed';
import {
  adminToken,
  OWN_DATABASE,
  callJson,
  START_TIMEOUT_MS,
  startTestServer,
  userWithClaims,
  type TestServer,
} from './helpers';

let server: TestServer;
let admin = '';

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

type ErrorBody = { status: number; detail: string };

describe('claim catalogue', () => {
  it('GetClaimNamesForClaimTypeNames names each claim type and its claims, as the entries do', async () => {
    const names = await callJson<ClaimTypeNames[]>(server, '/api/Claim/GetClaimNamesForClaimTypeNames', {
      token: admin,
      query: { flags: '7' },
    });
    expect(names.status).toBe(200);
    expect(names.body.map((n) => [n.claimType, n.claimTypeName])).toEqual([
      [1, 'ServerClaim'],
      [2, 'UXClaim'],
      [4, 'TableClaim'],
    ]);
    const entries = await callJson<ClaimTypeRecord[]>(server, '/api/Claim/GetClaimEntriesForClaimTypes', {
      token: admin,
      query: { flags: '7' },
    });
    expect(names.body.map((n) => n.claimNames)).toEqual(entries.body.map((r) => r.claimEntries.map((e) => e.key)));
    const table = await callJson<ClaimTypeNames[]>(server, '/api/Claim/GetClaimNamesForClaimTypeNames', {
      token: admin,
      query: { flags: '4' },
    });
    expect(table.body).toEqual([{ claimType: 4, claimTypeName: 'TableClaim', claimNames: Object.keys(TableClaim) }]);
  });

  it('GetClaimEntriesWithDescriptionsForClaimTypes adds a description to every entry of the default numbering', async () => {
    const res = await callJson<ClaimTypeRecord[]>(server, '/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes', {
      token: admin,
      query: { flags: '7' },
    });
    expect(res.status).toBe(200);
    const all = res.body.flatMap((r) => r.claimEntries);
    expect(Object.fromEntries(all.map((e) => [e.key, e.value]))).toEqual(DefaultClaimNumbers);
    expect(all.every((e) => typeof e.description === 'string' && e.description.length > 0)).toBe(true);
    expect(all.find((e) => e.key === 'Form_Add')?.description).toBe('Create form records');
    expect(all.find((e) => e.key === 'GlobalDataAdmin')?.description).toBe(
      'Full access to every record and every administration function',
    );
  });

  it('refuses missing or out-of-range flags and needs Claim_ReadClaimEntries', async () => {
    for (const path of [
      '/api/Claim/GetClaimNamesForClaimTypeNames',
      '/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes',
    ]) {
      const missing = await callJson<ErrorBody>(server, path, { token: admin });
      expect(missing.status).toBe(400);
      expect(missing.body.detail).toBe("The parameter 'flags' must be defined and cannot be null.");
      for (const flags of ['8', '-1', '1.5', 'all']) {
        expect((await callJson(server, path, { token: admin, query: { flags } })).status, flags).toBe(400);
      }
    }
    const none = await userWithClaims(server, 'cat-none', []);
    expect(
      (
        await callJson(server, '/api/Claim/GetClaimNamesForClaimTypeNames', {
          token: none.token,
          query: { flags: '1' },
        })
      ).status,
    ).toBe(403);
    const reader = await server.mintAccessToken({ sub: 'reader' }); // Form Readers hold Claim_ReadClaimEntries
    expect(
      (await callJson(server, '/api/Claim/GetClaimNamesForClaimTypeNames', { token: reader, query: { flags: '1' } }))
        .status,
    ).toBe(200);
  });
});

describe('row-level permissions', () => {
  const entities = (token: string, tableName?: string) =>
    callJson<EntityWithPermissions[] & ErrorBody>(server, '/api/Claim/GetEntitiesWithPermissions', {
      token,
      query: tableName === undefined ? {} : { tableName },
    });

  it('lists the tables that carry row-level permissions', async () => {
    const res = await callJson<string[]>(server, '/api/Claim/ListTablesWithRowLevelPermissions', { token: admin });
    expect(res.body).toEqual(['Form', 'FormGroup', 'FormInstance', 'FormSchema']);
  });

  it("answers the live rows of a table with the caller's permission on them", async () => {
    const all = await entities(admin, 'Form');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      { recordId: SEED_IDS.forms.contactDetails, displayName: 'Contact Details', permission: RowLevelPermission.All },
      {
        recordId: SEED_IDS.forms.equipmentRequest,
        displayName: 'Equipment Request',
        permission: RowLevelPermission.All,
      },
      { recordId: SEED_IDS.forms.householdSurvey, displayName: 'Household Survey', permission: RowLevelPermission.All },
    ]);
    const schemas = await entities(admin, 'formschema');
    expect(schemas.body.map((s) => s.displayName)).toEqual(['Contact Details v1', 'Equipment Request v1', 'Household Survey v1']);
    const instances = await entities(admin, 'FormInstance');
    expect(instances.body).toEqual([
      {
        recordId: SEED_IDS.formInstances.contactDetailsSample,
        displayName: `Contact Details #${SEED_IDS.formInstances.contactDetailsSample.slice(-4)}`,
        permission: RowLevelPermission.All,
      },
    ]);

    const { token } = await userWithClaims(server, 'cat-rows', [
      Permission.Claim_ReadRowLevelPermissions,
      Permission.FormGroup_SelectList,
      Permission.FormGroup_Update,
    ]);
    expect((await entities(token, 'FormGroup')).body.map((e) => e.permission)).toEqual([
      RowLevelPermission.Read | RowLevelPermission.Update,
      RowLevelPermission.Read | RowLevelPermission.Update,
    ]);
    expect((await entities(token, 'Form')).body.every((e) => e.permission === RowLevelPermission.None)).toBe(true);
    const withTableClaim = await userWithClaims(server, 'cat-table', [
      Permission.Claim_ReadRowLevelPermissions,
      TableClaim.Form_RowLevel,
    ]);
    expect((await entities(withTableClaim.token, 'Form')).body[0]?.permission).toBe(RowLevelPermission.All);
  });

  it.runIf(OWN_DATABASE)('leaves soft-deleted rows out', async () => {
    await server.db.update(forms).set({ isDeleted: true }).where(eq(forms.formId, SEED_IDS.forms.equipmentRequest));
    expect((await entities(admin, 'Form')).body.map((e) => e.recordId)).toEqual([
      SEED_IDS.forms.contactDetails,
      SEED_IDS.forms.householdSurvey,
    ]);
    await server.db.update(forms).set({ isDeleted: false }).where(eq(forms.formId, SEED_IDS.forms.equipmentRequest));
  });

  it('refuses an unknown or missing table with 400', async () => {
    const unknown = await entities(admin, 'Users');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain("The parameter 'tableName' must name a table with row-level permissions");
    expect((await entities(admin)).status).toBe(400);
  });
});

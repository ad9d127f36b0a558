// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Permission, RowLevelPermission, TableClaim } from '../../src/api/enums';
import { claimRequiredError, holdsGlobalDataAdmin, isAdministrator, mayCheckAdminRoleOf, rowLevelPermission, satisfies } from '../../src/domain';

const P = Permission;
const set = (...claims: number[]) => new Set(claims);

describe('satisfies', () => {
  it('is true for the required claim itself and for GlobalDataAdmin, false otherwise', () => {
    expect(satisfies(set(P.Form_Add), P.Form_Add)).toBe(true);
    expect(satisfies(set(P.GlobalDataAdmin), P.Form_Add)).toBe(true);
    expect(satisfies(set(P.GlobalDataAdmin), TableClaim.Form_RowLevel)).toBe(true);
    expect(satisfies(set(P.Form_Select), P.Form_Add)).toBe(false);
    expect(satisfies(set(), P.GlobalDataAdmin)).toBe(false);
  });

  it("takes GlobalDataAdmin's number from the caller's numbering; none known, nothing is implied", () => {
    expect(satisfies(set(900), P.Form_Add, { globalDataAdmin: 900 })).toBe(true);
    expect(satisfies(set(P.GlobalDataAdmin), P.Form_Add, { globalDataAdmin: 900 })).toBe(false);
    expect(satisfies(set(P.GlobalDataAdmin), P.Form_Add, { globalDataAdmin: undefined })).toBe(false);
  });
});

describe('administrators', () => {
  it('are the holders of GlobalDataAdmin or AdminPanel_Access (CheckForAdminRole)', () => {
    expect(isAdministrator(set(P.GlobalDataAdmin))).toBe(true);
    expect(isAdministrator(set(P.AdminPanel_Access))).toBe(true);
    expect(isAdministrator(set(P.Claim_ReadUsers))).toBe(false);
    expect(holdsGlobalDataAdmin(set(P.AdminPanel_Access))).toBe(false);
    expect(holdsGlobalDataAdmin(set(P.GlobalDataAdmin))).toBe(true);
  });

  it('may be asked about oneself by anyone, about others only with Claim_ReadUsers', () => {
    const me = { id: 'id-1', oidcId: 'ada' };
    expect(mayCheckAdminRoleOf(me, set(), 'ada')).toBe(true);
    expect(mayCheckAdminRoleOf(me, set(), 'id-1')).toBe(true);
    expect(mayCheckAdminRoleOf(me, set(), 'bob')).toBe(false);
    expect(mayCheckAdminRoleOf(me, set(P.Claim_ReadUsers), 'bob')).toBe(true);
    expect(mayCheckAdminRoleOf(me, set(P.GlobalDataAdmin), 'bob')).toBe(true);
  });
});

describe('the refusal of a missing claim', () => {
  it('is 403 naming the claim, also as requiredClaim', () => {
    const error = claimRequiredError(P.Claim_ManageClaimGroups);
    expect(error.status).toBe(403);
    expect(error.message).toBe("The claim 'Claim_ManageClaimGroups' is required.");
    expect(error.extensions).toEqual({ requiredClaim: 'Claim_ManageClaimGroups' });
  });
});

describe('row-level permissions', () => {
  it('are the flags None 1, Read 2, Update 4, Delete 8, All 14', () => {
    expect(RowLevelPermission).toEqual({ None: 1, Read: 2, Update: 4, Delete: 8, All: 14 });
  });

  it('are All with the table claim or GlobalDataAdmin', () => {
    expect(rowLevelPermission(set(TableClaim.FormGroup_RowLevel), 'FormGroup')).toBe(RowLevelPermission.All);
    expect(rowLevelPermission(set(P.GlobalDataAdmin), 'FormSchema')).toBe(RowLevelPermission.All);
    expect(rowLevelPermission(set(TableClaim.Form_RowLevel), 'FormGroup')).toBe(RowLevelPermission.None);
  });

  it('combine Read, Update and Delete from the server claims, None without any', () => {
    expect(rowLevelPermission(set(), 'Form')).toBe(RowLevelPermission.None);
    expect(rowLevelPermission(set(P.Form_SelectList), 'Form')).toBe(RowLevelPermission.Read);
    expect(rowLevelPermission(set(P.Form_Select, P.Form_AddUpdate), 'Form')).toBe(RowLevelPermission.Read | RowLevelPermission.Update);
    expect(rowLevelPermission(set(P.FormInstance_Update, P.FormInstance_Delete), 'FormInstance')).toBe(
      RowLevelPermission.Update | RowLevelPermission.Delete,
    );
    expect(rowLevelPermission(set(P.Form_Select, P.Form_Update, P.Form_Delete), 'Form')).toBe(14);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ButtonClaim, ClaimTypeFlags, DefaultClaimNumbers, MenuClaim, Permission, TableClaim } from '../../src/api/enums';
import {
  allClaimValues,
  catalogueClaim,
  CLAIM_CATALOGUE,
  claimKey,
  claimTypeNames,
  claimTypeRecords,
  parseClaimTypeFlags,
  parseRowLevelTable,
  ROW_LEVEL_TABLES,
} from '../../src/domain';

describe('the claim catalogue', () => {
  it('holds every claim of the default numbering once, in number order, typed by its enum', () => {
    const expected = [
      ...Object.values(Permission).map((v) => [v, ClaimTypeFlags.ServerClaim]),
      ...Object.values(ButtonClaim).map((v) => [v, ClaimTypeFlags.UXClaim]),
      ...Object.values(MenuClaim).map((v) => [v, ClaimTypeFlags.UXClaim]),
      ...Object.values(TableClaim).map((v) => [v, ClaimTypeFlags.TableClaim]),
    ].sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(CLAIM_CATALOGUE.map((c) => [c.value, c.claimType])).toEqual(expected);
    expect(new Set(allClaimValues()).size).toBe(CLAIM_CATALOGUE.length);
    // The default numbering the library ships for hosts is the catalogue's.
    expect(Object.fromEntries(CLAIM_CATALOGUE.map((c) => [c.key, c.value]))).toEqual(DefaultClaimNumbers);
  });

  it('describes each claim', () => {
    expect(catalogueClaim(Permission.GlobalDataAdmin)?.description).toBe(
      'Full access to every record and every administration function',
    );
    expect(catalogueClaim(Permission.FormInstance_MarkDeleted)?.description).toBe('Soft delete (and restore) form instance records');
    expect(catalogueClaim(Permission.DynamicFormLinking_Create)?.description).toBe('Call DynamicFormLinking/Create');
    expect(catalogueClaim(ButtonClaim.CreateForm_AllowRead)?.description).toBe('Show the create form button');
    expect(catalogueClaim(TableClaim.Form_RowLevel)?.description).toBe('Full row-level access to the Form table');
    expect(catalogueClaim(9999)).toBeUndefined();
  });

  it('names claims by key for messages', () => {
    expect(claimKey(Permission.Claim_ReadUsers)).toBe('Claim_ReadUsers');
    expect(claimKey(MenuClaim.Signing_AllowRead)).toBe('Signing_AllowRead');
    expect(claimKey(9999)).toBe('9999');
  });

  it('answers the catalogue calls per claim type flag', () => {
    const records = claimTypeRecords(ClaimTypeFlags.ServerClaim | ClaimTypeFlags.TableClaim, false);
    expect(records.map((r) => r.claimType)).toEqual([1, 4]);
    expect(records[0]?.claimEntries[0]).toEqual({ key: 'GlobalDataAdmin', value: 0 });
    expect(claimTypeRecords(2, true)[0]?.claimEntries[0]).toHaveProperty('description');
    expect(claimTypeNames(7).map((n) => n.claimTypeName)).toEqual(['ServerClaim', 'UXClaim', 'TableClaim']);
    expect(claimTypeRecords(0, false)).toEqual([]);
  });

  it('reads the flags parameter (0–7) and row-level table names', () => {
    expect(parseClaimTypeFlags('7')).toBe(7);
    expect(parseClaimTypeFlags(' 0 ')).toBe(0);
    for (const bad of ['8', '-1', 'x', '1.5', '']) {
      expect(() => parseClaimTypeFlags(bad)).toThrow("The parameter 'flags' must be a combination of 1, 2 and 4.");
    }
    expect(ROW_LEVEL_TABLES).toEqual(['Form', 'FormGroup', 'FormInstance', 'FormSchema']);
    expect(parseRowLevelTable(' formgroup ')).toBe('FormGroup');
    expect(() => parseRowLevelTable('Users')).toThrow(
      "The parameter 'tableName' must name a table with row-level permissions (Form, FormGroup, FormInstance, FormSchema).",
    );
  });
});

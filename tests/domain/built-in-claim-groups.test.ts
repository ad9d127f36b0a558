// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import {
  ALL_DEFAULT_CLAIMS,
  BUILT_IN_CLAIM_GROUP_DEFINITIONS,
  builtInClaimGroupDefinition,
  builtInGroupDeleteReason,
  builtInGroupEmptyReason,
  DomainError,
  planBuiltInUpsert,
  type BuiltInClaimGroupKey,
  type ExistingClaimGroup,
} from '../../src/domain';

const IDS: Record<BuiltInClaimGroupKey, string> = {
  administrators: 'id-admins',
  formReaders: 'id-readers',
  formEditors: 'id-editors',
  userAdministrators: 'id-useradmins',
};
const row = (id: string, name: string, extra: Partial<ExistingClaimGroup> = {}): ExistingClaimGroup => ({
  id,
  name,
  builtInGroup: true,
  isDeleted: false,
  ...extra,
});
const seeded = () => [
  row(IDS.administrators, 'Administrators'),
  row(IDS.formReaders, 'Form Readers'),
  row(IDS.formEditors, 'Form Editors'),
  row(IDS.userAdministrators, 'User Administrators'),
];
const graphOf = (links: Record<string, string[]> = {}) =>
  new Map(Object.values(IDS).map((id) => [id, { subGroupIds: links[id] ?? [] }]));

describe('the built-in claim groups', () => {
  it('are Administrators (every claim), Form Readers, Form Editors ⊃ Form Readers and User Administrators', () => {
    expect(BUILT_IN_CLAIM_GROUP_DEFINITIONS.map((d) => [d.name, d.subGroups])).toEqual([
      ['Administrators', []],
      ['Form Readers', []],
      ['Form Editors', ['Form Readers']],
      ['User Administrators', []],
    ]);
    expect(builtInClaimGroupDefinition('administrators').claims).toEqual(ALL_DEFAULT_CLAIMS);
    expect(builtInClaimGroupDefinition('formReaders').claims).not.toContain(Permission.Form_Add);
    expect(builtInClaimGroupDefinition('userAdministrators').claims).toContain(Permission.Claim_AssignClaims);
  });

  it('cannot be deleted or emptied, for reasons that say what to do in the UI', () => {
    expect(builtInGroupDeleteReason('Administrators')).toBe(
      "'Administrators' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.",
    );
    expect(builtInGroupEmptyReason('Form Readers')).toBe(
      "'Form Readers' is a built-in role and cannot be left without permissions. Remove people from it in User & Role Management instead.",
    );
  });
});

describe('planBuiltInUpsert', () => {
  it('leaves existing built-in groups alone without override', () => {
    const steps = planBuiltInUpsert(seeded(), IDS, false, graphOf({ [IDS.formEditors]: [IDS.formReaders] }));
    expect(steps.map((s) => [s.id, s.create, s.update, s.reset])).toEqual(Object.values(IDS).map((id) => [id, false, null, false]));
  });

  it('creates missing ones with their claims and sub-groups, using the backend’s ids', () => {
    const steps = planBuiltInUpsert([], IDS, false, new Map());
    expect(steps.map((s) => [s.definition.name, s.id, s.create, s.reset])).toEqual([
      ['Administrators', IDS.administrators, true, true],
      ['Form Readers', IDS.formReaders, true, true],
      ['Form Editors', IDS.formEditors, true, true],
      ['User Administrators', IDS.userAdministrators, true, true],
    ]);
    expect(steps[2]?.subGroupIds).toEqual([IDS.formReaders]);
  });

  it('with override, resets every group and renames the renamed ones back', () => {
    const existing = seeded();
    existing[3] = row(IDS.userAdministrators, 'Role Admins');
    const steps = planBuiltInUpsert(existing, IDS, true, graphOf());
    expect(steps.every((s) => s.reset && !s.create)).toBe(true);
    expect(steps[3]?.update).toEqual({ name: 'User Administrators' });
    expect(steps[0]?.update).toBeNull();
    expect(steps[2]?.subGroupIds).toEqual([IDS.formReaders]);
  });

  it('adopts a same-named group made by hand, and brings back a soft-deleted one reset', () => {
    const existing = [row('hand-made', 'form readers', { builtInGroup: false }), row(IDS.administrators, 'Administrators', { isDeleted: true })];
    const steps = planBuiltInUpsert(existing, IDS, false, new Map());
    expect(steps[0]).toMatchObject({ id: IDS.administrators, create: false, update: {}, reset: true });
    expect(steps[1]).toMatchObject({ id: 'hand-made', create: false, update: {}, reset: false });
  });

  it('refuses (409) to create or rename back onto a name another group holds', () => {
    const taken = [...seeded().slice(0, 3), row('other', 'User Admin\u200bistrators', { builtInGroup: false })];
    const refused = () => planBuiltInUpsert(taken, IDS, false, graphOf());
    expect(refused).toThrow(DomainError);
    expect(refused).toThrow("A claim group named 'User Admin\u200bistrators' already exists.");
  });

  it('refuses (400) a nesting that would create a cycle', () => {
    // Form Readers (not reset without override) contains Form Editors, which is being created.
    const existing = [row(IDS.formReaders, 'Form Readers')];
    const graph = new Map([[IDS.formReaders, { subGroupIds: [IDS.formEditors] }]]);
    expect(() => planBuiltInUpsert(existing, IDS, false, graph)).toThrow(
      "The built-in group 'Form Readers' cannot be nested in 'Form Editors': it would create a cycle of claim groups.",
    );
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  assertGroupNameFree,
  claimGroupNotFound,
  DomainError,
  findGroupByName,
  groupNameKey,
  MAX_GROUP_NAME_LENGTH,
  normalizeGroupName,
  userGroupNotFound,
} from '../../src/domain';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('normalizeGroupName', () => {
  it('trims and stores NFC', () => {
    expect(normalizeGroupName('  Auditors  ')).toBe('Auditors');
    const decomposed = 'Cafe\u0301'; // e + combining acute
    expect(normalizeGroupName(decomposed)).toBe('Caf\u00e9');
  });

  it("refuses a missing parameter with the spec's text, and a blank one", () => {
    expect(refusal(() => normalizeGroupName(undefined, 'groupName')).message).toBe(
      "The parameter 'groupName' must be defined and cannot be null.",
    );
    expect(refusal(() => normalizeGroupName(' \t ', 'newGroupName')).message).toBe("The parameter 'newGroupName' must not be blank.");
  });

  it('refuses names longer than the limit, counted in characters', () => {
    expect(MAX_GROUP_NAME_LENGTH).toBe(200);
    expect(normalizeGroupName('a'.repeat(200))).toHaveLength(200);
    expect(normalizeGroupName('😀'.repeat(200))).toHaveLength(400); // 200 characters, 400 UTF-16 units
    expect(refusal(() => normalizeGroupName('a'.repeat(201))).message).toBe(
      "The parameter 'groupName' must be at most 200 characters long.",
    );
  });

  it('refuses control characters (C0, DEL, C1, line separators)', () => {
    for (const c of ['\u0000', '\n', '\u001b', '\u007f', '\u0085', '\u2028']) {
      expect(refusal(() => normalizeGroupName(`Ad${c}mins`)).message).toBe(
        "The parameter 'groupName' must not contain control characters.",
      );
    }
  });

  it('refuses invisible format characters (zero-width, joiners, direction marks, BOM, soft hyphen)', () => {
    for (const c of ['\u200b', '\u200c', '\u200d', '\u200e', '\u202e', '\u2060', '\ufeff', '\u00ad', '\u2066']) {
      expect(refusal(() => normalizeGroupName(`Admin${c}istrators`)).message).toBe(
        "The parameter 'groupName' must not contain invisible characters (such as zero-width spaces or direction marks).",
      );
    }
  });

  it('keeps letters of any script, spaces and punctuation', () => {
    expect(normalizeGroupName('Администраторы')).toBe('Администраторы');
    expect(normalizeGroupName('Équipe — Nord (2)')).toBe('Équipe — Nord (2)');
  });
});

describe('groupNameKey', () => {
  it('folds case (fully: ß ~ ss), compatibility forms and runs of spaces', () => {
    expect(groupNameKey('Administrators')).toBe(groupNameKey('ADMINISTRATORS'));
    expect(groupNameKey('Straße')).toBe(groupNameKey('STRASSE'));
    expect(groupNameKey('ﬁnance')).toBe(groupNameKey('finance')); // the ligature ﬁ
    expect(groupNameKey('Ｆｏｒｍ')).toBe(groupNameKey('form')); // full-width letters
    expect(groupNameKey('Form   Readers')).toBe(groupNameKey('Form Readers'));
  });

  it('drops zero-width and other invisible characters', () => {
    expect(groupNameKey('Admin\u200bistrators')).toBe(groupNameKey('Administrators'));
    expect(groupNameKey('\ufeffAdministrators\u2060')).toBe(groupNameKey('Administrators'));
  });

  it('reads Cyrillic and Greek lookalikes as Latin letters, capital and small', () => {
    expect(groupNameKey('\u0410dministrators')).toBe(groupNameKey('Administrators')); // Cyrillic А
    expect(groupNameKey('Adminis\u0442rators')).toBe(groupNameKey('Administrators')); // Cyrillic т → T → t
    expect(groupNameKey('Form R\u0435\u0430d\u0435rs')).toBe(groupNameKey('Form Readers')); // Cyrillic е, а
    expect(groupNameKey('\u0391DMIN')).toBe(groupNameKey('ADMIN')); // Greek Α
    expect(groupNameKey('\u03bfps')).toBe(groupNameKey('ops')); // Greek ο
  });

  it('keeps different names apart', () => {
    expect(groupNameKey('Administrators')).not.toBe(groupNameKey('Administrator'));
    expect(groupNameKey('Form Readers')).not.toBe(groupNameKey('Form Editors'));
    expect(groupNameKey('Café')).not.toBe(groupNameKey('Cafe'));
  });
});

describe('assertGroupNameFree', () => {
  const rows = [
    { id: '1', name: 'Administrators' },
    { id: '2', name: 'Form Readers' },
  ];

  it('refuses (409) a name that differs only in case, naming the existing group', () => {
    const error = refusal(() => assertGroupNameFree(rows, 'administrators', 'claimGroup'));
    expect(error.status).toBe(409);
    expect(error.message).toBe("A claim group named 'Administrators' already exists.");
    expect(refusal(() => assertGroupNameFree(rows, 'FORM READERS', 'userGroup')).message).toBe(
      "An application user group named 'Form Readers' already exists.",
    );
  });

  it("refuses 'Administrators' with a zero-width space or a Cyrillic 'А' as a duplicate, saying why", () => {
    for (const lookalike of ['Admin\u200bistrators', '\u0410dministrators']) {
      const error = refusal(() => assertGroupNameFree(rows, lookalike, 'claimGroup'));
      expect(error.status).toBe(409);
      expect(error.message).toBe(
        "A claim group named 'Administrators' already exists. Names that differ only in look-alike or invisible characters count as the same name.",
      );
    }
  });

  it('lets a group keep (or recase) its own name, and accepts new names', () => {
    expect(() => assertGroupNameFree(rows, 'ADMINISTRATORS', 'claimGroup', '1')).not.toThrow();
    expect(() => assertGroupNameFree(rows, 'Auditors', 'claimGroup')).not.toThrow();
  });
});

describe('finding a group by name', () => {
  it('prefers the exact name, then any case', () => {
    const rows = [
      { id: 'a', name: 'team' },
      { id: 'b', name: 'Team' },
    ];
    expect(findGroupByName(rows, 'Team')?.id).toBe('b');
    expect(findGroupByName(rows, 'TEAM')?.id).toBe('a');
    expect(findGroupByName(rows, 'nobody')).toBeUndefined();
  });

  it('answers 404 texts for unknown groups', () => {
    expect(claimGroupNotFound('X')).toMatchObject({ status: 404, message: "No claim group named 'X'." });
    expect(userGroupNotFound('id')).toMatchObject({ status: 404, message: "No application user group 'id'." });
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkLinkTypes,
  fieldValueType,
  nameWords,
  primitivePathsOf,
  suggestLinks,
  type PrimitivePath,
} from '../../src/domain/forms/linking-suggest';

const example = {
  applicant: { name: 'Grace Hopper', email: 'grace@example.com', dateOfBirth: '1906-12-09', phone: '+1 555 0100' },
  address: { street: '1 Harbour Street', city: 'Halifax', postalCode: 'B3H 1A1' },
  employment: { annualIncome: 98000.5, employerName: 'Navy' },
  loan: { amount: 25000, termMonths: 36 },
  consent: true,
};
const raw = [
  '/applicant/name',
  '/applicant/email',
  '/applicant/dateOfBirth',
  '/applicant/phone',
  '/address/street',
  '/address/city',
  '/address/postalCode',
  '/employment/annualIncome',
  '/employment/employerName',
  '/loan/amount',
  '/loan/termMonths',
  '/consent',
];
const paths = primitivePathsOf(raw, example);
const top = (field: { path: string; label: string; pdfFieldName?: string }) => suggestLinks(field, paths)[0];

describe('nameWords', () => {
  it('splits camelCase, PascalCase, acronyms, digits and punctuation into lower-case words', () => {
    expect(nameWords('dateOfBirth')).toEqual(['date', 'of', 'birth']);
    expect(nameWords('Applicant.DOB2')).toEqual(['applicant', 'dob', '2']);
    expect(nameWords('postal_code')).toEqual(['postal', 'code']);
    expect(nameWords('HTMLParser')).toEqual(['html', 'parser']);
    expect(nameWords('  ')).toEqual([]);
  });
});

describe('primitivePathsOf', () => {
  it('takes types from the example application when the server sends plain paths', () => {
    const byPath = Object.fromEntries(paths.map((p) => [p.path, p]));
    expect(byPath['/applicant/name']).toEqual({ path: '/applicant/name', type: 'string' });
    expect(byPath['/applicant/email']).toEqual({ path: '/applicant/email', type: 'string', format: 'email' });
    expect(byPath['/applicant/dateOfBirth']).toEqual({ path: '/applicant/dateOfBirth', type: 'string', format: 'date' });
    expect(byPath['/employment/annualIncome']?.type).toBe('number');
    expect(byPath['/loan/termMonths']?.type).toBe('integer');
    expect(byPath['/consent']?.type).toBe('boolean');
  });

  it('keeps declared types, drops junk and duplicates, and leaves the type unknown without an example', () => {
    expect(
      primitivePathsOf([{ path: '/a', type: 'number' }, { path: '/b', type: 'string', format: 'date' }, 7, null, { nope: 1 }, '/a', '/c'], null),
    ).toEqual([
      { path: '/a', type: 'number' },
      { path: '/b', type: 'string', format: 'date' },
      { path: '/c', type: null },
    ]);
  });
});

describe('suggestLinks', () => {
  it('suggests the path whose groups and leaf are the PDF field name, as the same name', () => {
    expect(top({ path: '/applicantName', label: 'Applicant name', pdfFieldName: 'Applicant.Name' })).toEqual({
      path: '/applicant/name',
      score: 1,
      confidence: 'strong',
      reason: { kind: 'same-name', name: 'applicant/name', withGroup: true },
    });
  });

  it('suggests the leaf of the same name', () => {
    expect(top({ path: '/city', label: 'Town' })).toMatchObject({ path: '/address/city', reason: { kind: 'same-name', withGroup: false } });
    expect(top({ path: '/email', label: 'E-mail' })?.path).toBe('/applicant/email');
  });

  it('folds synonyms: a zip code is the postal code, a date of birth (DOB) the birth date', () => {
    expect(top({ path: '/zip', label: 'ZIP code' })).toMatchObject({ path: '/address/postalCode', reason: { kind: 'same-name' } });
    expect(top({ path: '/dob', label: 'DOB' })).toMatchObject({
      path: '/applicant/dateOfBirth',
      confidence: 'strong',
      reason: { kind: 'shared-words', words: ['birth', 'date'] },
    });
    expect(top({ path: '/birthdate', label: 'Birthdate', pdfFieldName: 'Birthdate' })).toMatchObject({ path: '/applicant/dateOfBirth', confidence: 'strong' });
  });

  it('is strong only when the field names the path exactly; shared words and similar spellings are weak', () => {
    const model = primitivePathsOf(['/applicant/firstName', '/applicant/lastName', '/address/city', '/employmentHistory/0/employer'], null);
    const best = (label: string, pdfFieldName: string) => suggestLinks({ path: `/${pdfFieldName}`, label, pdfFieldName }, model)[0];
    expect(best('Name last', 'Name_Last')).toMatchObject({ path: '/applicant/lastName', confidence: 'strong' });
    expect(best('Name suffix', 'Name_Suffix')).toMatchObject({ path: '/applicant/firstName', confidence: 'weak' });
    expect(best('Name prefix', 'Name_Prefix')?.confidence).toBe('weak');
    expect(best('Address 2', 'Address_2')).toMatchObject({ path: '/address/city', confidence: 'weak' });
    expect(best('Employee signature', 'EMPLOYEE SIGNATURE')).toMatchObject({ path: '/employmentHistory/0/employer', confidence: 'weak' });
  });

  it('names the shared words', () => {
    expect(top({ path: '/yearlyIncome', label: 'Yearly income' })).toMatchObject({
      path: '/employment/annualIncome',
      reason: { kind: 'shared-words', words: ['income'] },
    });
  });

  it('catches a typo as a similar spelling', () => {
    expect(top({ path: '/streat', label: 'Streat' })).toMatchObject({
      path: '/address/street',
      reason: { kind: 'similar-spelling', fieldWord: 'streat', pathWord: 'street' },
    });
  });

  it('suggests nothing for a name that matches nothing, and at most `limit`', () => {
    expect(suggestLinks({ path: '/favouriteColour', label: 'Favourite colour' }, paths)).toEqual([]);
    expect(suggestLinks({ path: '/applicant', label: 'Applicant' }, paths, { limit: 2 })).toHaveLength(2);
  });

  it('ranks the leaf word above a word of a group', () => {
    const suggestions = suggestLinks({ path: '/f1', label: 'Applicant city' }, paths);
    expect(suggestions.map((s) => s.path)).toEqual(['/address/city']);
  });
});

describe('checkLinkTypes', () => {
  const jsonSchema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      birth: { type: 'string', format: 'date' },
      email: { type: 'string', format: 'email' },
      amount: { type: 'number' },
      months: { type: 'integer' },
      agree: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      people: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
    },
  };
  const p = (type: PrimitivePath['type'], format?: string) => (format ? { type, format } : { type });

  it('reads the field type from the JSON Schema, through array items', () => {
    expect(fieldValueType(jsonSchema, '/birth')).toEqual({ type: 'string', format: 'date' });
    expect(fieldValueType(jsonSchema, '/people/0/name')).toEqual({ type: 'string' });
    expect(fieldValueType(jsonSchema, '/missing')).toEqual({ type: null });
  });

  it('fits the same type, a whole number into a number field, and an unknown type', () => {
    expect(checkLinkTypes({ type: 'string' }, p('string', 'email'))).toEqual({ fits: true });
    expect(checkLinkTypes({ type: 'number' }, p('integer'))).toEqual({ fits: true });
    expect(checkLinkTypes({ type: 'boolean' }, p(null))).toEqual({ fits: true });
    expect(checkLinkTypes({ type: null }, p('number'))).toEqual({ fits: true });
  });

  it('flags a different type, a decimal into a whole-number field, another format and a list', () => {
    expect(checkLinkTypes({ type: 'string' }, p('number'))).toEqual({ fits: false, problem: 'type' });
    expect(checkLinkTypes({ type: 'boolean' }, p('string'))).toEqual({ fits: false, problem: 'type' });
    expect(checkLinkTypes({ type: 'integer' }, p('number'))).toEqual({ fits: false, problem: 'decimal' });
    expect(checkLinkTypes({ type: 'string', format: 'date' }, p('string', 'email'))).toEqual({ fits: false, problem: 'format' });
    expect(checkLinkTypes({ type: 'array' }, p('string'))).toEqual({ fits: false, problem: 'not-a-value' });
    // a plain text field takes any text
    expect(checkLinkTypes({ type: 'string' }, p('string', 'date'))).toEqual({ fits: true });
  });
});

import { describe, expect, it } from 'vitest';
import { searchWords } from '../../src/api/odata';
import { FORMS_ODATA_SCHEMA, matchesSearch, MIN_ID_SEARCH_LENGTH, parseSearch, searchFields } from '../../src/domain/odata';
import { likePatternsOf, matchesNameSearch, nameSearchOf } from '../../src/domain/name-search';
import { typedSearchTerms } from '../../src/domain/search-words';

describe('typedSearchTerms (what a search box means, for every list and both backends)', () => {
  it('reads words, each required anywhere, and quoted phrases as written', () => {
    expect(typedSearchTerms('Applicant 07')).toEqual(['Applicant', '07']);
    expect(typedSearchTerms('  "Applicant   07"  Smith ')).toEqual(['Applicant 07', 'Smith']);
    expect(typedSearchTerms('a\tb\u0000c')).toEqual(['a', 'b', 'c']);
    // A quote without its pair (a phrase still being typed) is left out; its words are searched meanwhile.
    expect(typedSearchTerms('"Applicant 07')).toEqual(['Applicant', '07']);
    expect(typedSearchTerms('O"Brien')).toEqual(['O', 'Brien']);
    expect(typedSearchTerms('ann ANN "" "  "')).toEqual(['ann']);
    expect(typedSearchTerms('   ')).toEqual([]);
  });

  it('writes them as $search: words ANDed, a phrase one quoted term, operators as text', () => {
    expect(searchWords('Applicant 07')).toBe('Applicant AND 07');
    expect(searchWords('"Applicant 07" NOT')).toBe('"Applicant 07" AND "NOT"');
    expect(searchWords('" "')).toBeUndefined();
  });
});

describe('$search over an instance: its answers, and its id for long terms only', () => {
  const id = '0a070000-0000-4000-8000-00000000a707';
  const fields = searchFields(FORMS_ODATA_SCHEMA.FormInstance, { formInstanceId: id, data: { name: 'Applicant 17' } });
  const matches = (typed: string) => matchesSearch(parseSearch(searchWords(typed) ?? ''), fields);

  it('does not find a row by a short word that is only in its id', () => {
    expect(fields).toEqual({ texts: ['applicant 17'], ids: [id] });
    expect(matches('Applicant 07')).toBe(false);
    expect(matches('a707')).toBe(false);
    expect(matches('Applicant 17')).toBe(true);
    expect(matches('17 applicant')).toBe(true);
    expect(matches('"17 applicant"')).toBe(false);
  });

  it(`finds it by ${MIN_ID_SEARCH_LENGTH} or more characters of its id`, () => {
    expect(matches(id.slice(-MIN_ID_SEARCH_LENGTH))).toBe(true);
    expect(matches(id.slice(-MIN_ID_SEARCH_LENGTH).toUpperCase())).toBe(true);
    expect(matches(id)).toBe(true);
  });
});

describe('the name search of users and groups reads the same words', () => {
  const row = (name: string) => ({ id: '00000000-0000-4000-8000-000000000001', name });
  it('matches a name holding every word, in any order; a quoted phrase only as written', () => {
    const words = nameSearchOf('Lovelace ADA');
    expect(matchesNameSearch(row('Ada Lovelace'), words)).toBe(true);
    expect(matchesNameSearch(row('Ada Byron'), words)).toBe(false);
    expect(matchesNameSearch(row('Ada Lovelace'), nameSearchOf('"lovelace ada"'))).toBe(false);
    expect(matchesNameSearch(row('Ada Lovelace'), nameSearchOf('"ada lovelace"'))).toBe(true);
    expect(likePatternsOf(nameSearchOf('100%_off "a b"')!)).toEqual(['%100\\%\\_off%', '%a b%']);
  });
});

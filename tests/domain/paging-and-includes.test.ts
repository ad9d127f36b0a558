// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formInstanceDisplayName,
  formSchemaDisplayName,
  isValidPriority,
  PAGE_SIZE,
  pageOf,
  PRIORITY_RANGE,
  QueryParams,
  readClaimGroupIncludes,
  readPaging,
  readUserGroupIncludes,
  readUserIncludes,
  toPaged,
} from '../../src/domain';

const params = (query: string) => new QueryParams(new URLSearchParams(query));

describe('paging', () => {
  it('reads page (from 1) and count: no page is everything, below 1 is page 1 / the default size, above the maximum is capped', () => {
    // No page: the first page, never the whole table.
    expect(readPaging(params(''))).toEqual({ page: 1, count: PAGE_SIZE.default });
    expect(readPaging(params('page=0&count=0'))).toEqual({ page: 1, count: 10 });
    expect(readPaging(params('page=3&count=5000'))).toEqual({ page: 3, count: PAGE_SIZE.max });
    expect(() => readPaging(params('page=x'))).toThrow("The parameter 'page' must be an integer");
  });

  it('answers one page with the totals', () => {
    const items = [1, 2, 3, 4, 5];
    expect(pageOf(items, { page: 2, count: 2 })).toEqual({ list: [3, 4], totalRecCount: 5, totalPageCount: 3 });
    expect(pageOf(items, { page: 9, count: 2 })).toEqual({ list: [], totalRecCount: 5, totalPageCount: 3 });
    expect(pageOf(items, { page: null, count: 2 })).toEqual({ list: items, totalRecCount: 5, totalPageCount: 1 });
    expect(toPaged([], 0, { page: null, count: 10 })).toEqual({ list: [], totalRecCount: 0, totalPageCount: 0 });
  });
});

describe('priority range', () => {
  it('accepts integers from 0 to 1000 only', () => {
    expect(PRIORITY_RANGE).toEqual({ min: 0, max: 1000 });
    for (const ok of [0, 1, 1000]) expect(isValidPriority(ok)).toBe(true);
    for (const bad of [-1, 1001, 1.5, '1', null, Number.NaN]) expect(isValidPriority(bad)).toBe(false);
  });
});

describe('include flags', () => {
  it('reads the claim group, user and user group flags', () => {
    expect(readClaimGroupIncludes(params('includeClaims=true&includeApplicationUsers=true'))).toEqual({
      claims: true,
      userGroups: false,
      users: true,
      claimGroups: false,
    });
    expect(readUserIncludes(params('IncludeApplicationUserGroups=true&includeClaimGroups=1'))).toEqual({
      claims: false,
      userGroups: true,
      claimGroups: true,
    });
  });

  it('takes the user group members from includeApplicationUsers, else from IncludeApplicationUserGroups (the paged call)', () => {
    expect(readUserGroupIncludes(params('IncludeApplicationUserGroups=true')).users).toBe(true);
    expect(readUserGroupIncludes(params('includeApplicationUsers=false&IncludeApplicationUserGroups=true')).users).toBe(false);
    expect(readUserGroupIncludes(params('')).users).toBe(false);
  });
});

describe('display names of rows', () => {
  it('names schemas with their version once and instances by form and id', () => {
    expect(formSchemaDisplayName('Contact Details', 1)).toBe('Contact Details v1');
    expect(formSchemaDisplayName('Contact Details v1', 1)).toBe('Contact Details v1');
    expect(formSchemaDisplayName('Contact Details v1', 2)).toBe('Contact Details v1 v2');
    expect(formInstanceDisplayName('Contact Details', '00000000-0000-4000-8000-000000000401')).toBe('Contact Details #0401');
    expect(formInstanceDisplayName(null, 'abc-1234')).toBe('Form #1234');
  });
});

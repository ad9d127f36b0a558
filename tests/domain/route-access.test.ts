// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import { ROUTE_RULES, routeRule } from '../../src/domain';
import { fakeRoutes } from '../../src/testing';

const PERMISSIONS = new Set<number>(Object.values(Permission));

describe('the route → claim table', () => {
  it('names each route once, with a server claim, authenticated or public', () => {
    const keys = ROUTE_RULES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ROUTE_RULES) {
      // Names of letters, digits, '/', '_' and '-'; the OData service description is /odata/$metadata.
      expect(r.path, `${r.method} ${r.path}`).toMatch(/^(?:\/(api|odata)\/[A-Za-z0-9/_-]+|\/odata\/\$metadata)$/);
      expect(r.claim === 'public' || r.claim === 'authenticated' || PERMISSIONS.has(r.claim as number), r.path).toBe(true);
      // Only claim routes admit anonymous form callers.
      if (r.anonymousForms) expect(typeof r.claim).toBe('number');
    }
  });

  it('finds a rule by method (any case) and exact path', () => {
    expect(routeRule('get', '/api/Claim/ClaimGroupsList')?.claim).toBe(Permission.Claim_ReadClaimGroups);
    expect(routeRule('POST', '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups')?.claim).toBe(Permission.Claim_AssignUsersToGroups);
    expect(routeRule('GET', '/api/Claim/CheckForUsers')?.claim).toBe('public');
    expect(routeRule('GET', '/api/Claim/GetMyClaims')?.claim).toBe('authenticated');
    expect(routeRule('PATCH', '/api/crud/forminstance/patch')).toEqual({
      method: 'PATCH',
      path: '/api/crud/forminstance/patch',
      claim: Permission.FormInstance_Update,
      anonymousForms: true,
    });
    expect(routeRule('GET', '/api/claim/claimgroupslist')).toBeUndefined();
    expect(routeRule('DELETE', '/api/Claim/ClaimGroupsList')).toBeUndefined();
  });

  it('is exactly the set of routes the fake serves (the server’s are checked by its route walk)', () => {
    const served = Object.values(fakeRoutes)
      .flat()
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .sort();
    expect(served).toEqual(ROUTE_RULES.map((r) => `${r.method} ${r.path}`).sort());
  });
});

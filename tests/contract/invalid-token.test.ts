// @vitest-environment node
/**
 * Contract of a bearer token that names no user (unknown, altered, expired): on a public route it is ignored and the
 * call runs as an anonymous one (public routes need no sign-in, and a visitor whose sign-in went stale still opens a
 * public form); on every other route it is refused with 401. The fake and the reference server decide it by the same
 * rule (the route gate's `ignoresInvalidToken`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

/** Public routes (the route table's `public`) and routes that need a signed-in user or a form link. */
const PUBLIC_CALLS = ['/api/HealthCheck/Get', '/api/Claim/GetOIDCConfig', '/api/Claim/CheckForUsers', '/odata/$metadata'];
const SIGNED_IN_CALLS = ['/api/Claim/GetMyClaims', '/api/Claim/ApplicationList?includeClaims=false&IncludeApplicationUserGroups=false&includeClaimGroups=false', '/odata/FormOData'];

async function statuses(target: ContractTarget, token: string | null): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const path of [...PUBLIC_CALLS, ...SIGNED_IN_CALLS]) {
    const res = await fetch(`${target.baseUrl}${path}`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    out[path] = res.status;
  }
  return out;
}

const seen = new Map<ContractTarget['name'], { invalid: Record<string, number>; anonymous: Record<string, number> }>();

for (const start of [startFakeTarget, startServerTarget]) {
  describe(`a token naming no user — ${start === startFakeTarget ? 'fake' : 'server'}`, () => {
    let target: ContractTarget;
    beforeAll(async () => {
      target = await start();
    }, 120_000);
    afterAll(async () => {
      await target?.stop();
    });

    it('is ignored on public routes and refused with 401 elsewhere', async () => {
      const invalid = await statuses(target, target.invalidUserToken);
      const anonymous = await statuses(target, null);
      seen.set(target.name, { invalid, anonymous });
      for (const path of PUBLIC_CALLS) expect(invalid[path], path).toBe(200);
      for (const path of SIGNED_IN_CALLS) expect(invalid[path], path).toBe(401);
      // On a public route the call runs exactly as an anonymous one.
      for (const path of PUBLIC_CALLS) expect(invalid[path], path).toBe(anonymous[path]);
    }, 60_000);
  });
}

describe('a token naming no user — the fake and the server agree', () => {
  it('the same statuses, with the token and without any', () => {
    expect(seen.get('fake')).toBeDefined();
    expect(seen.get('server')).toEqual(seen.get('fake'));
  });
});

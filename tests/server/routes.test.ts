// @vitest-environment node
/**
 * Deny by default (docs/decisions.md, Security and limits): every declared route is walked with an anonymous caller, a user with
 * no claims, a user holding just the route's claim and the administrator; undeclared routes 404.
 * Who may call each route comes from the contract's route table (src/contract/route-access.ts), which the
 * fake enforces too; a route missing from it cannot be declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import { DomainError, ROUTE_RULES, routeRule, type RouteClaim, type RouteMethod, type RouteRule } from '../../src/domain';
import { createApp } from '../../example-host/server/app';
import { HttpError, type ErrorStatus } from '../../example-host/server/routes/http';
import type { Services } from '../../example-host/server/services';
import {
  route,
  RouteDeclarationError,
  RouteRegistry,
  permissionName,
  type AnyRouteDeclaration,
  type RouteDeclaration,
} from '../../example-host/server/routes/registry';
import { call, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';

/** A route table of its own, for routes only these tests declare. */
function testTable(...rules: [RouteMethod, string, RouteClaim][]) {
  const list: RouteRule[] = rules.map(([method, path, claim]) => ({ method, path, claim }));
  return (method: string, path: string) => list.find((r) => r.method === method && r.path === path);
}

let server: TestServer;
let routes: readonly AnyRouteDeclaration[];
const tokens: { noClaims: string; admin: string; globalDataAdmin: string; single: Map<number, string> } = {
  noClaims: '',
  admin: '',
  globalDataAdmin: '',
  single: new Map(),
};

beforeAll(async () => {
  server = await startTestServer();
  routes = server.registry.list();
  tokens.noClaims = (await userWithClaims(server, 'walk-no-claims', [])).token;
  tokens.globalDataAdmin = (await userWithClaims(server, 'walk-gda', [Permission.GlobalDataAdmin])).token;
  tokens.admin = await server.mintAccessToken({ sub: 'admin' });
  for (const r of routes) {
    if (typeof r.claim === 'number' && !tokens.single.has(r.claim)) {
      tokens.single.set(r.claim, (await userWithClaims(server, `walk-claim-${r.claim}`, [r.claim])).token);
    }
  }
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

function send(r: AnyRouteDeclaration, token: string | null) {
  return call(server, r.path, {
    token,
    method: r.method,
    query: r.example?.query,
    body: r.example?.body ?? (r.method === 'GET' || r.method === 'DELETE' ? undefined : {}),
  });
}

const label = (r: AnyRouteDeclaration) =>
  `${r.method} ${r.path} [${typeof r.claim === 'number' ? permissionName(r.claim) : r.claim}]`;

describe('route walk', () => {
  it('declares every endpoint of the Claim area (docs/spec.md, Calls)', () => {
    const declared = routes.map((r) => `${r.method} ${r.path}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'GET /api/HealthCheck/Get',
        'GET /api/Claim/GetMyClaims',
        'GET /api/Claim/GetMyUserSessionData',
        'GET /api/Claim/CheckForAdminRole',
        'GET /api/Claim/CheckForUsers',
        'GET /api/Claim/GetOIDCConfig',
        'POST /api/Claim/ClearUserClaimsCache',
        'GET /api/Claim/ClaimGroupsList',
        'GET /api/Claim/GetClaimEntriesForClaimTypes',
        'GET /api/Claim/GetClaimNamesForClaimTypeNames',
        'GET /api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes',
        'GET /api/Claim/ListTablesWithRowLevelPermissions',
        'GET /api/Claim/GetEntitiesWithPermissions',
        'PUT /api/Claim/RenameAppUserGroup',
        'POST /api/Claim/CreateNewApplicationUserGroup',
        'PUT /api/Claim/RenameClaimGroup',
        'DELETE /api/Claim/DeleteClaimGroupByName',
        'POST /api/Claim/CreateNewClaimGroup',
        'DELETE /api/Claim/DeleteAppUserGroup',
        'GET /api/Claim/ApplicationUsersPaged',
        'GET /api/Claim/ApplicationUserGroupsPaged',
        'GET /api/Claim/ApplicationList',
        'GET /api/Claim/ApplicationUserGroupsList',
        'GET /api/Claim/ClaimGroupsPaged',
        'GET /api/Claim/UpsertBuiltInClaimGroups',
        'POST /api/Claim/FullSyncAndReturnExternalUsers',
        'POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers',
        'POST /api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups',
        'POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups',
        'POST /api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers',
        'POST /api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups',
        'POST /api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups',
        'POST /api/Claim/AddRemoveUpdateAppUsersInAppuserGroups',
      ]),
    );
  });

  it('anonymous callers get 401 except on public routes', async () => {
    for (const r of routes) {
      const res = await send(r, null);
      if (r.claim === 'public') expect([401, 403, 404, 500], label(r)).not.toContain(res.status);
      // Forms routes a public link holder may call: the route limits anonymous callers (tests/server/forms-public.test.ts).
      else if (r.anonymousForms) expect([403, 500], label(r)).not.toContain(res.status);
      else expect(res.status, label(r)).toBe(401);
    }
  });

  it('a user with no claims gets 403 on claim routes and passes public / authenticated ones', async () => {
    for (const r of routes) {
      const res = await send(r, tokens.noClaims);
      if (r.anonymousForms) {
        // Forms routes public visitors use: a signed-in user lacking the claim is a visitor (the route limits them),
        // refused for the claim only where a visitor would need a link; never told to sign in.
        expect([401, 500], label(r)).not.toContain(res.status);
      } else if (typeof r.claim === 'number') {
        expect(res.status, label(r)).toBe(403);
        expect(res.headers.get('content-type'), label(r)).toContain('application/problem+json');
        expect(await res.json()).toEqual({
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: `The claim '${permissionName(r.claim)}' is required.`,
          requiredClaim: permissionName(r.claim),
        });
      } else {
        expect([401, 403, 404, 500], label(r)).not.toContain(res.status);
      }
    }
  });

  it('a user holding just the route’s claim is allowed', async () => {
    for (const r of routes) {
      if (typeof r.claim !== 'number') continue;
      const res = await send(r, tokens.single.get(r.claim) ?? '');
      expect([401, 403, 404, 500], label(r)).not.toContain(res.status);
    }
  });

  it('a user holding a different claim is refused', async () => {
    for (const r of routes) {
      if (typeof r.claim !== 'number') continue;
      const other = [...tokens.single].find(([claim]) => claim !== r.claim)?.[1] ?? tokens.noClaims;
      // Forms routes public visitors use take them as visitors (above).
      if (r.anonymousForms) expect([401, 500], label(r)).not.toContain((await send(r, other)).status);
      else expect((await send(r, other)).status, label(r)).toBe(403);
    }
  });

  it('the administrator and a GlobalDataAdmin-only user pass every route', async () => {
    for (const r of routes) {
      for (const token of [tokens.admin, tokens.globalDataAdmin]) {
        const res = await send(r, token);
        expect([401, 403, 404, 500], label(r)).not.toContain(res.status);
      }
    }
  });
});

describe('deny by default', () => {
  it('answers 404 JSON for undeclared /api and /odata paths, for every caller', async () => {
    for (const token of [null, tokens.noClaims, tokens.admin]) {
      for (const [method, path] of [
        ['GET', '/api/Claim/DoesNotExist'],
        ['GET', '/api/Nope'],
        ['GET', '/api'],
        ['GET', '/api/'],
        ['POST', '/api/crud/nope/post'],
        ['GET', '/odata/NopeOData'],
        ['GET', '/odata'],
        ['DELETE', '/api/Claim/GetMyClaims'],
        ['POST', '/api/Claim/GetMyClaims'],
        ['GET', '/api/claim/getmyclaims/extra'],
      ] as const) {
        const res = await call(server, path, { token, method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('content-type'), `${method} ${path}`).toContain('application/problem+json');
        expect(await res.json()).toEqual({
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: `Nothing answers ${method} ${path}.`,
        });
      }
    }
  });

  it('has no route in the app that is not declared', () => {
    const declared = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const catchAll = new Set(['/api/*', '/odata/*', '/api', '/odata', '/*', '*']);
    for (const r of server.app.routes) {
      if (catchAll.has(r.path)) continue;
      expect(declared.has(`${r.method} ${r.path}`), `${r.method} ${r.path}`).toBe(true);
    }
  });

  it('takes each route’s claim from the domain’s route table, which lists every route the server declares', () => {
    for (const r of routes) {
      const rule = routeRule(r.method, r.path);
      expect(rule, `${r.method} ${r.path} is in ROUTE_RULES`).toBeDefined();
      expect(r.claim, label(r)).toBe(rule?.claim);
    }
    // Every Claim-area and health rule of the table is served (other areas come with later issues).
    const served = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const rule of ROUTE_RULES.filter((x) => /^\/api\/(Claim|HealthCheck)\//.test(x.path))) {
      expect(served.has(`${rule.method} ${rule.path}`), `${rule.method} ${rule.path}`).toBe(true);
    }
  });

  it('refuses a route missing from the route table, and a public route not declared anonymous (or the reverse)', () => {
    const handler = () => new Response(null);
    expect(() => route({ method: 'GET', path: '/api/Test/NotInTable', handler })).toThrow(/not in the route table/);
    expect(() => route({ method: 'GET', path: '/api/Claim/CheckForUsers', handler })).toThrow(/anonymous: true/);
    expect(() => route({ method: 'GET', path: '/api/Claim/GetMyClaims', anonymous: true, handler })).toThrow(
      /anonymous: true/,
    );
    expect(route({ method: 'GET', path: '/api/Claim/ClaimGroupsList', handler }).claim).toBe(
      Permission.Claim_ReadClaimGroups,
    );
  });

  it('refuses bad paths, bad methods, missing handlers and duplicates', () => {
    const handler = () => new Response(null);
    const table = testTable(['GET', '/api/Test/X', 'public'], ['GET', '/api/Test/Y', 'authenticated']);
    expect(() => route({ method: 'GET', path: '/other/X', anonymous: true, handler }, table)).toThrow(/must start with/);
    expect(() => route({ method: 'TRACE' as 'GET', path: '/api/Test/X', anonymous: true, handler }, table)).toThrow(
      /unknown method/,
    );
    expect(() =>
      route({ method: 'GET', path: '/api/Test/X', anonymous: true } as unknown as RouteDeclaration<true>, table),
    ).toThrow(/no handler/);
    const registry = new RouteRegistry(table);
    registry.add(route({ method: 'GET', path: '/api/Test/X', anonymous: true, handler }, table));
    expect(() => registry.add(route({ method: 'GET', path: '/api/Test/X', anonymous: true, handler }, table))).toThrow(
      /declared twice/,
    );
    // The registry re-checks what it is given, so a hand-made object cannot skip `route()`.
    expect(() =>
      registry.add({ method: 'GET', path: '/api/Test/Z', handler } as unknown as AnyRouteDeclaration),
    ).toThrow(RouteDeclarationError);
  });
});

describe('errors', () => {
  // Each error status with its RFC 9110 reason phrase, the `title` of the problem details.
  const titles: [ErrorStatus, string][] = [
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [412, 'Precondition Failed'],
    [413, 'Content Too Large'],
    [415, 'Unsupported Media Type'],
    [422, 'Unprocessable Content'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
  ];

  /** An app with the server's error handling and two routes that fail: with an HttpError, or unexpectedly. */
  function failingApp() {
    const table = testTable(['GET', '/api/Test/Fail', 'public'], ['GET', '/api/Test/Domain', 'public'], ['GET', '/api/Test/Crash', 'public']);
    const registry = new RouteRegistry(table).add(
      route(
        {
          method: 'GET',
          path: '/api/Test/Fail',
          anonymous: true,
          handler: ({ query }) => {
            throw new HttpError(Number(query.get('status')) as ErrorStatus, 'The specific message.');
          },
        },
        table,
      ),
      route(
        {
          method: 'GET',
          path: '/api/Test/Domain',
          anonymous: true,
          handler: () => {
            throw new DomainError(409, 'A domain rule refused it.', { code: 'some-rule' });
          },
        },
        table,
      ),
      route(
        {
          method: 'GET',
          path: '/api/Test/Crash',
          anonymous: true,
          handler: () => {
            throw new Error('secret internals');
          },
        },
        table,
      ),
    );
    const services = { config: server.config, db: server.db, claims: server.claims, issuer: server.issuerUrl };
    return createApp(services as unknown as Services, registry);
  }

  it('answers every error status as RFC 9457 problem details (application/problem+json)', async () => {
    const app = failingApp();
    for (const [status, title] of titles) {
      const res = await app.request(`/api/Test/Fail?status=${status}`);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type'), String(status)).toMatch(/^application\/problem\+json/);
      const body = { type: 'about:blank', title, status, detail: 'The specific message.' };
      expect(await res.json()).toEqual(body);
    }
  });

  it('answers a domain rule’s refusal as problem details with its extension members', async () => {
    const res = await failingApp().request('/api/Test/Domain');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'A domain rule refused it.',
      code: 'some-rule',
    });
  });

  it('answers an unexpected failure with 500 and the spec’s text, never the internals', async () => {
    const res = await failingApp().request('/api/Test/Crash');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected server error occurred.',
    });
  });
});

/**
 * The one HTTP binding core (src/service/http-binding.ts) over an adapter of a few lines: what both bindings (MSW and
 * Hono) get from it without a library — the token refused or ignored, the gate, a signed-in visitor of public forms run
 * anonymously, and the replies written for HTTP.
 */
import { describe, expect, it } from 'vitest';
import { DomainError, type RouteRule } from '../../src/domain';
import { callRoute, routeRequestOf, TokenRefusal, type HttpExchange, type HttpReply, type Identified } from '../../src/service/http-binding';

const PUBLIC: RouteRule = { method: 'GET', path: '/api/Test/Public', claim: 'public' };
const CLAIMED: RouteRule = { method: 'GET', path: '/api/Test/Claimed', claim: 7 };
const FORMS: RouteRule = { method: 'GET', path: '/api/Test/Forms', claim: 7, anonymousForms: true };

type Caller = string;

/** An adapter whose caller is a name ('anonymous' when run anonymously) and whose reply is the reply itself. */
function exchange(identify: () => Promise<Identified<Caller>>): HttpExchange<Caller, HttpReply> {
  return { identify, anonymous: () => 'anonymous', send: (reply) => reply };
}

const refused = () => Promise.reject(new TokenRefusal('The token expired.', 'Bearer realm="test"'));
const signedIn = (holds: boolean) => async (): Promise<Identified<Caller>> => ({ caller: 'ada', gate: { enabled: true, holds: () => holds } });
const ok = (caller: Caller): HttpReply => ({ status: 200, headers: {}, body: caller });

describe('callRoute', () => {
  it('answers a refused token with 401 and its challenge, unless the route is public', async () => {
    const reply = await callRoute(CLAIMED, exchange(refused), async (caller) => ok(caller));
    expect(reply.status).toBe(401);
    expect(reply.headers).toMatchObject({ 'content-type': expect.stringMatching(/^application\/problem\+json/), 'www-authenticate': 'Bearer realm="test"' });
    expect(JSON.parse(String(reply.body))).toMatchObject({ status: 401, detail: 'The token expired.' });
    expect(await callRoute(PUBLIC, exchange(refused), async (caller) => ok(caller))).toEqual(ok('anonymous'));
  });

  it('refuses a caller lacking the claim with 403 naming it, and runs for one holding it', async () => {
    const reply = await callRoute(CLAIMED, exchange(signedIn(false)), async (caller) => ok(caller));
    expect(reply.status).toBe(403);
    expect(JSON.parse(String(reply.body))).toMatchObject({ status: 403, requiredClaim: 'Form_Update' });
    expect(await callRoute(CLAIMED, exchange(signedIn(true)), async (caller) => ok(caller))).toEqual(ok('ada'));
  });

  it('runs a signed-in visitor of public forms anonymously, and answers their 401 as the claim’s 403', async () => {
    expect(await callRoute(FORMS, exchange(signedIn(false)), async (caller) => ok(caller))).toEqual(ok('anonymous'));
    const reply = await callRoute(FORMS, exchange(signedIn(false)), () => {
      throw new DomainError(401, 'A link is required.');
    });
    expect(reply.status).toBe(403);
  });

  it('passes other errors on to the binding', async () => {
    const crash = callRoute(PUBLIC, exchange(signedIn(true)), () => {
      throw new Error('secret internals');
    });
    await expect(crash).rejects.toThrow('secret internals');
  });
});

describe('routeRequestOf', () => {
  it('reads the caller, query, headers and body of a Fetch request', async () => {
    const request = new Request('http://backend.test/api/Test?FormId=f1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'probe' },
      body: '{"a":1}',
    });
    const read = routeRequestOf(request, { id: 'u1', name: 'Ada' }, '10.0.0.1');
    expect(read.caller).toEqual({ user: { id: 'u1', name: 'Ada' }, ipAddress: '10.0.0.1', userAgent: 'probe' });
    expect(read.query.get('formId')).toBe('f1');
    expect(read.contentType).toBe('application/json');
    expect(await read.text()).toBe('{"a":1}');
  });
});

// @vitest-environment node
/**
 * The limits several server instances on one PostgreSQL share: the anonymous write windows and the login throttle are
 * kept in the database, so an address has one budget whichever instance it reaches, and the answers are the domain's
 * (the same 429 codes, messages and Retry-After as the in-memory limiter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors';
import { AnonymousWriteLimiter, resolveAnonymousWriteLimits } from '../../src/domain/forms/anonymous-writes';
import { anonymousWriteLimiter, purgeExpiredLimits, SharedAnonymousWriteLimiter } from '../../example-host/server/forms/anonymous-writes';
import { SharedLoginThrottle } from '../../example-host/server/login-throttle';
import { ANONYMOUS_WRITE_LIMITS } from '../../src/domain/limits';
import { CookieJar, createPkce, openLoginForm, postLogin, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

let pg: TemporaryPostgres;
let first: TestServer;
let second: TestServer;

/** Both instances lock an account at its third failure, for 300 s. */
const loginThrottle = { account: { freeFailures: 2, lockoutFailures: 3 } };

beforeAll(async () => {
  pg = await startTemporaryPostgres();
  // Two instances, each with its own connection pool and embedded provider, on one database (as behind a load balancer).
  first = await startTestServer({ databaseUrl: pg.url, memoryDatabaseTemplate: null, loginThrottle });
  second = await startTestServer({ databaseUrl: pg.url, memoryDatabaseTemplate: null, loginThrottle });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await pg?.stop();
});

/** 'ok', or what a refusal says (status, message, code, seconds to wait). */
async function answer(call: () => unknown): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: error.status, message: error.message, ...error.extensions };
  }
}

describe('anonymous write limits shared by two instances', () => {
  it('use the numbers of the domain by default', () => {
    expect(anonymousWriteLimiter(first.config, first.db)?.limits).toEqual(ANONYMOUS_WRITE_LIMITS);
    expect(anonymousWriteLimiter(first.config, first.db)).toBe(anonymousWriteLimiter(first.config, first.db));
  });

  it('one address has one budget across both, refused with the in-memory limiter’s answers', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const clock = () => now;
    const limits = resolveAnonymousWriteLimits({
      perAddress: { max: 4, windowSeconds: 60 },
      perSchema: { max: 7, windowSeconds: 60 },
      bytesPerAddress: { max: 1000, windowSeconds: 60 },
    });
    const a = new SharedAnonymousWriteLimiter(first.db, limits, clock);
    const b = new SharedAnonymousWriteLimiter(second.db, limits, clock);
    const memory = new AnonymousWriteLimiter(limits, clock);
    const schema = crypto.randomUUID();
    const other = crypto.randomUUID();
    const shared: unknown[] = [];
    const alone: unknown[] = [];
    // Writes from one address land on either instance in turn; the memory limiter sees them all, as one instance would.
    const steps: [string, string, number][] = [
      ['10.0.0.1', schema, 100],
      ['10.0.0.1', schema, 100],
      ['::ffff:10.0.0.1', schema, 100],
      ['10.0.0.1', other, 600],
      ['10.0.0.1', schema, 10], // the fifth: over 4 a minute
      ['10.0.0.2', schema, 950],
      ['10.0.0.2', schema, 100], // over 1000 bytes a minute
      ['10.0.0.3', schema, 1],
      ['10.0.0.4', schema, 1],
      ['10.0.0.5', schema, 1],
      ['10.0.0.6', schema, 1], // the schema's eighth: over 7 a minute
    ];
    for (const [i, [address, formSchemaId, bytes]] of steps.entries()) {
      now += 1_000;
      shared.push(await answer(() => (i % 2 === 0 ? a : b).write(address, formSchemaId, bytes)));
      alone.push(await answer(() => memory.write(address, formSchemaId, bytes)));
    }
    expect(shared).toEqual(alone);
    expect(shared[4]).toMatchObject({ status: 429, code: 'address-rate', retryAfterSeconds: 56 });
    expect(shared[6]).toMatchObject({ status: 429, code: 'address-bytes', retryAfterSeconds: 59 });
    expect(shared[10]).toMatchObject({ status: 429, code: 'schema-rate' });
    expect(shared.filter((s) => s === 'ok')).toHaveLength(8);
    // A minute later the window has room again, on both.
    now += 60_000;
    expect(await answer(() => b.write('10.0.0.1', schema, 1))).toBe('ok');
    // Events older than every window are purged.
    now += 25 * 60 * 60 * 1000;
    expect(await purgeExpiredLimits(first.db, limits, now)).toBeGreaterThanOrEqual(8);
  });

  it('new instances and drafts count across both; a given-back place is free again', async () => {
    let now = Date.UTC(2026, 0, 2, 12, 0, 0);
    const clock = () => now;
    const limits = resolveAnonymousWriteLimits({
      newInstancesPerAddress: { max: 4, windowSeconds: 3600 },
      draftsPerAddressAndSchema: { max: 2, windowSeconds: 86_400 },
    });
    const a = new SharedAnonymousWriteLimiter(first.db, limits, clock);
    const b = new SharedAnonymousWriteLimiter(second.db, limits, clock);
    const schema = crypto.randomUUID();
    const one = await a.beginNew('10.1.0.1', schema, true);
    await one.commit(crypto.randomUUID()); // not a stored instance: it is no draft, so it frees its place
    now += 1_000;
    const two = await b.beginNew('10.1.0.1', schema, true);
    now += 1_000;
    const three = await a.beginNew('10.1.0.1', schema, true);
    // Two places held (pending): a third draft is refused on either instance, with the domain's words.
    now += 1_000;
    const refused = await answer(() => b.beginNew('10.1.0.1', schema, true));
    expect(refused).toEqual({
      status: 429,
      message: 'You have 2 unsubmitted drafts of this form; submit one of them before starting another (at most 2 in 24 hours).',
      code: 'draft-limit',
      retryAfterSeconds: 86_400 - 2,
    });
    await three.cancel();
    // The place given back is free again (the refusal counted nothing) ...
    const four = await b.beginNew('10.1.0.1', schema, true);
    await four.commit(crypto.randomUUID());
    // ... but the address has started four instances this hour, the most.
    expect(await answer(() => a.beginNew('10.1.0.1', schema, false))).toMatchObject({ status: 429, code: 'new-instance-rate' });
    await two.cancel();
  });
});

describe('login throttle shared by two instances', () => {
  it('an account locked by failures on both instances is refused by either, with Retry-After', async () => {
    const form = async (server: TestServer) => {
      const jar = new CookieJar();
      const { action } = await openLoginForm(server, jar, { pkce: createPkce() });
      return { jar, action };
    };
    // Failures alternate between the instances: the third, wherever it lands, locks the account.
    for (const [i, server] of [first, second, first].entries()) {
      const { jar, action } = await form(server);
      expect((await postLogin(jar, action, 'editor', `guess-${i}`)).status).toBe(200);
    }
    for (const server of [second, first]) {
      const { jar, action } = await form(server);
      const refused = await postLogin(jar, action, 'editor', 'editor-password');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(290);
      expect(await refused.text()).toMatch(/Too many failed attempts\. Try again in 5 minutes\./);
      // The provider's answers carry a request id too, and so does the warning logged for the refusal.
      const requestId = refused.headers.get('x-request-id') ?? '';
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.logs.filter((l) => l.requestId === requestId).map((l) => l.msg ?? l.path)).toContain('login throttled');
    }
    // Another account is not held back.
    const { jar, action } = await form(second);
    expect((await postLogin(jar, action, 'reader', 'reader-password')).status).toBe(303);
  });

  it('keeps the memory throttle’s policy and counts failures made at once on both', async () => {
    const now = Date.UTC(2026, 0, 3);
    const options = { account: { freeFailures: 3, lockoutFailures: 50 }, address: { freeFailures: 100, lockoutFailures: 200 }, now: () => now };
    const a = new SharedLoginThrottle(first.db, options);
    const b = new SharedLoginThrottle(second.db, options);
    const attempt = { username: `Someone-${crypto.randomUUID()}`, address: '10.2.0.1' };
    const waits = await Promise.all([a, b, a, b, a, b].map((t) => t.fail(attempt)));
    // Six failures counted: the sixth waits 2^(6-3-1) = 4 s, whichever order they were counted in.
    expect(Math.max(...waits)).toBe(4_000);
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    expect(await b.wait({ ...attempt, username: attempt.username.toUpperCase() })).toBe(4_000);
    await a.succeed(attempt);
    expect(await b.wait(attempt)).toBe(0);
    expect(await b.addressWait('::ffff:10.2.0.1')).toBe(0);
  });
});

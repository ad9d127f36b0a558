// @vitest-environment node
/**
 * Contract of the form builder's pattern check (`POST /api/FormSchema/CheckPattern`): the fake and the reference
 * server read the request and shape the answer alike (the domain's rules), refuse bad input with the same 4xx and
 * words, and guard it with the same claims. The fake is handed the server's own analysis of backtracking (the
 * function the schema save uses), so the verdicts must match too; the server's is checked on its own as well.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api';
import { FORM_LIMITS } from '../../src/engine/limits';
import { MAX_PATTERN_CHECK_BODY_BYTES } from '../../src/domain';
import { analysePatterns } from '../../example-host/server/forms/patterns';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const CATASTROPHIC = '^(a+)+$';

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    if (!isApiError(error)) throw error;
    const result = error.result as { detail?: string } | null;
    return { status: error.status, detail: result?.detail };
  }
}

/** A raw request, for bodies the typed client would not send. */
async function raw(target: ContractTarget, body: string, contentType = 'application/json'): Promise<unknown> {
  const res = await fetch(`${target.baseUrl}/api/FormSchema/CheckPattern`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.adminToken}`, 'content-type': contentType },
    body,
  });
  const text = await res.text();
  const detail = text ? (JSON.parse(text) as { detail?: string }).detail : undefined;
  return { status: res.status, detail };
}

async function runScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const check = (pattern: string) => outcome(() => target.client.formSchema.checkPattern(pattern));
  facts.set('safe', await check('^[a-z]+@[a-z]+\\.[a-z]{2,}$'));
  facts.set('catastrophic', await check(CATASTROPHIC));
  facts.set('invalid', await check('(a'));
  facts.set('empty', await check(''));
  facts.set('too long', await check('a'.repeat(FORM_LIMITS.maxPatternLength + 1)));
  facts.set('longest', await check('a'.repeat(FORM_LIMITS.maxPatternLength)));
  facts.set('no pattern', await raw(target, '{}'));
  facts.set('number', await raw(target, '{"pattern": 5}'));
  facts.set('array body', await raw(target, '["^a$"]'));
  facts.set('not json', await raw(target, '{pattern', 'application/json'));
  facts.set('text body', await raw(target, '{"pattern":"^a$"}', 'text/plain'));
  facts.set('too large', await raw(target, JSON.stringify({ pattern: 'a', pad: 'x'.repeat(MAX_PATTERN_CHECK_BODY_BYTES) })));
  facts.set('anonymous', await outcome(() => target.clientAs(null).formSchema.checkPattern('^a$')));
  const { client: noClaims } = await target.newUser();
  facts.set('no claim', await outcome(() => noClaims.formSchema.checkPattern('^a$')));
  return facts;
}

let fake: Map<string, unknown>;
let server: Map<string, unknown>;

beforeAll(async () => {
  // The server's analysis, the one its schema save runs, as the fake's verdict.
  const fakeTarget = await startFakeTarget({ checkPattern: async (pattern) => (await analysePatterns([pattern]))(pattern, 'pattern') ?? null });
  try {
    fake = await runScenario(fakeTarget);
  } finally {
    await fakeTarget.stop();
  }
  const serverTarget = await startServerTarget();
  try {
    server = await runScenario(serverTarget);
  } finally {
    await serverTarget.stop();
  }
}, 180_000);

describe('pattern check — the fake and the server agree', () => {
  it('accepts a safe pattern and refuses a catastrophic or invalid one with the reason the save gives', () => {
    expect(server.get('safe')).toEqual({ ok: true });
    expect(server.get('longest')).toEqual({ ok: true });
    expect(server.get('catastrophic')).toEqual({
      ok: false,
      reason: 'matching it can take time growing exponentially with the input (catastrophic backtracking). Rewrite it without nested or overlapping repetition.',
    });
    expect(server.get('invalid')).toEqual({ ok: false, reason: expect.stringMatching(/^it is not a valid regular expression: .*Unterminated group/) });
  });

  it('refuses bad input with 4xx and clear words, and guards the call by its claims', () => {
    expect(server.get('empty')).toEqual({ status: 400, detail: "'pattern' must not be empty." });
    expect(server.get('too long')).toEqual({ status: 400, detail: `'pattern' is too long: at most ${FORM_LIMITS.maxPatternLength} characters are allowed.` });
    expect(server.get('no pattern')).toEqual({ status: 400, detail: "The body needs 'pattern': the regular expression to check." });
    expect(server.get('number')).toEqual({ status: 400, detail: "'pattern' must be a string." });
    expect(server.get('array body')).toMatchObject({ status: 400 });
    expect(server.get('not json')).toMatchObject({ status: 400 });
    expect(server.get('text body')).toMatchObject({ status: 415 });
    expect(server.get('too large')).toMatchObject({ status: 413 });
    expect(server.get('anonymous')).toMatchObject({ status: 401 });
    expect(server.get('no claim')).toMatchObject({ status: 403, detail: expect.stringContaining('FormSchema_Update') });
  });

  it('answers every step alike on the fake', () => {
    expect(Object.fromEntries(fake)).toEqual(Object.fromEntries(server));
  });
});

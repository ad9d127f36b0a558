/**
 * The domain's status table of form instances and the bounds of anonymous writes (src/domain/forms): who may make
 * which status change, and the 429s with their wait.
 */
import { describe, expect, it } from 'vitest';
import { FormInstanceStatus } from '../../src/api/enums';
import { DomainError } from '../../src/domain';
import {
  AnonymousWriteLimiter,
  checkInstanceStatusChange,
  checkStatusChange,
  COMPLETED_MESSAGE,
  mayChangeStatus,
  NEW_COMPLETED_MESSAGE,
  resolveAnonymousWriteLimits,
  retryAfterOf,
  STATUS_TRANSITIONS,
  SUBMITTED_MESSAGE,
  VISITOR_COMPLETE_MESSAGE,
  type StatusActor,
  type StatusOrigin,
} from '../../src/domain/forms';

const { Created, InProgress, Submitted, Completed } = FormInstanceStatus;
const STATUSES = [Created, InProgress, Submitted, Completed];

function refusal(fn: () => unknown): { status: number; detail: string; extensions: Readonly<Record<string, unknown>> } | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, detail: error.detail, extensions: error.extensions };
    throw error;
  }
}

describe('status table', () => {
  it('a visitor moves forward only, Created → InProgress → Submitted, and never completes', () => {
    const allowed = (from: StatusOrigin) => STATUSES.filter((to) => mayChangeStatus(from, to, 'visitor'));
    expect(allowed('new')).toEqual([Created, InProgress, Submitted]);
    expect(allowed(Created)).toEqual([Created, InProgress, Submitted]);
    expect(allowed(InProgress)).toEqual([InProgress, Submitted]);
    expect(allowed(Submitted)).toEqual([]);
    expect(allowed(Completed)).toEqual([]);
  });

  it('staff may send a Submitted instance back, complete only a Submitted one, and never reopen a Completed one', () => {
    const allowed = (from: StatusOrigin) => STATUSES.filter((to) => mayChangeStatus(from, to, 'staff'));
    expect(allowed('new')).toEqual([Created, InProgress, Submitted]);
    expect(allowed(InProgress)).toEqual([Created, InProgress, Submitted]);
    expect(allowed(Submitted)).toEqual([Created, InProgress, Submitted, Completed]);
    expect(allowed(Completed)).toEqual([Completed]);
  });

  it('every refusal is specific', () => {
    const check = (from: StatusOrigin, to: FormInstanceStatus, actor: StatusActor) => refusal(() => checkStatusChange(from, to, actor));
    expect(check(Created, Completed, 'visitor')).toMatchObject({ status: 403, detail: VISITOR_COMPLETE_MESSAGE });
    expect(check('new', Completed, 'visitor')).toMatchObject({ status: 403, detail: VISITOR_COMPLETE_MESSAGE });
    expect(check(Submitted, InProgress, 'visitor')).toMatchObject({ status: 409, detail: SUBMITTED_MESSAGE });
    expect(check(Submitted, Completed, 'visitor')).toMatchObject({ status: 409, detail: SUBMITTED_MESSAGE });
    expect(check(Completed, Completed, 'visitor')).toMatchObject({ status: 409, detail: COMPLETED_MESSAGE });
    expect(check(InProgress, Created, 'visitor')).toMatchObject({ status: 409, detail: 'A form link cannot move a form instance from InProgress back to Created.' });
    expect(check('new', Completed, 'staff')).toMatchObject({ status: 400, detail: NEW_COMPLETED_MESSAGE });
    expect(check(InProgress, Completed, 'staff')).toMatchObject({ status: 409, detail: 'Only a Submitted form instance can be completed; this one is InProgress.' });
    expect(check(Completed, Submitted, 'staff')).toMatchObject({ status: 409, detail: 'A completed form instance stays Completed; it cannot become Submitted.' });
    expect(check(Submitted, Completed, 'staff')).toBeNull();
  });

  it('reads the change from a CRUD body: absent status keeps the instance\'s, unknown status is 400', () => {
    expect(checkInstanceStatusChange({}, undefined, 'visitor')).toBe(Created);
    expect(checkInstanceStatusChange({ Status: 1 }, { status: Created }, 'visitor')).toBe(InProgress);
    expect(refusal(() => checkInstanceStatusChange({ data: {} }, { status: Submitted }, 'visitor'))?.status).toBe(409);
    expect(refusal(() => checkInstanceStatusChange({ status: 9 }, undefined, 'staff'))?.status).toBe(400);
    expect(Object.keys(STATUS_TRANSITIONS)).toHaveLength(5);
  });
});

describe('anonymous write limits', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('counts writes per address and per schema; the 429 says how long to wait', () => {
    const time = clock();
    const limiter = new AnonymousWriteLimiter({ perAddress: { max: 2, windowSeconds: 60 }, perSchema: { max: 3, windowSeconds: 60 } }, time.now);
    limiter.write('10.0.0.1', 'S');
    time.advance(10_000);
    limiter.write('::ffff:10.0.0.1', 's');
    const refused = refusal(() => limiter.write('10.0.0.1', 'S'));
    expect(refused).toMatchObject({ status: 429, extensions: { code: 'address-rate', retryAfterSeconds: 50 } });
    expect(refused?.detail).toBe('Too many requests from your address: at most 2 in a minute. Try again in 50 s.');
    limiter.write('10.0.0.2', 'S');
    expect(refusal(() => limiter.write('10.0.0.3', 'S'))).toMatchObject({ status: 429, extensions: { code: 'schema-rate' } });
    time.advance(50_001);
    expect(() => limiter.write('10.0.0.1', 'S')).not.toThrow();
    expect(retryAfterOf(new DomainError(429, 'x', { retryAfterSeconds: 1.2 }))).toBe('2');
    expect(retryAfterOf(new DomainError(400, 'x'))).toBeNull();
  });

  it('caps the drafts an address holds of a schema; a submitted or cancelled one frees its place', () => {
    const time = clock();
    const limiter = new AnonymousWriteLimiter({ draftsPerAddressAndSchema: { max: 2, windowSeconds: 3600 } }, time.now);
    limiter.beginNew('a', 'S', true, []).commit('i1');
    limiter.beginNew('a', 'S', true, limiter.startedBy('a', 'S')).commit('i2');
    expect(limiter.startedBy('a', 'S')).toEqual(['i1', 'i2']);
    const refused = refusal(() => limiter.beginNew('a', 'S', true, ['i1', 'i2']));
    expect(refused).toMatchObject({ status: 429, extensions: { code: 'draft-limit', retryAfterSeconds: 3600 } });
    // Another schema, another address, or a new instance that is submitted at once: not a draft of this one.
    limiter.beginNew('a', 'T', true, []).cancel();
    limiter.beginNew('b', 'S', true, []).cancel();
    limiter.beginNew('a', 'S', false, ['i1', 'i2']).commit('i3');
    // i1 was submitted: its place is free.
    limiter.beginNew('a', 'S', true, ['i2']).commit('i4');
    // A place held by a post still running counts.
    limiter.beginNew('c', 'S', true, []);
    limiter.beginNew('c', 'S', true, []);
    expect(refusal(() => limiter.beginNew('c', 'S', true, []))?.status).toBe(429);
  });

  it('bounds the bytes an address writes in the window', () => {
    const time = clock();
    const limiter = new AnonymousWriteLimiter({ bytesPerAddress: { max: 1000, windowSeconds: 60 } }, time.now);
    limiter.write('a', 'S', 600);
    time.advance(20_000);
    limiter.write('a', 'S', 300);
    // 600 + 300 + 200 > 1000: it fits once the first 600 have aged out, 40 s from now.
    expect(refusal(() => limiter.write('a', 'S', 200))).toMatchObject({ status: 429, extensions: { code: 'address-bytes', retryAfterSeconds: 40 } });
    limiter.write('b', 'S', 900);
    time.advance(40_001);
    expect(() => limiter.write('a', 'S', 200)).not.toThrow();
  });

  it('limits new instances per address; checks the configured numbers', () => {
    const limiter = new AnonymousWriteLimiter({ newInstancesPerAddress: { max: 1, windowSeconds: 60 } });
    limiter.beginNew('a', 'S', false, []).commit('x');
    expect(refusal(() => limiter.beginNew('a', 'T', false, []))).toMatchObject({ status: 429, extensions: { code: 'new-instance-rate' } });
    expect(() => resolveAnonymousWriteLimits({ perAddress: { max: 0, windowSeconds: 60 } })).toThrow(/perAddress/);
  });

  it('remembers a bounded number of keys', () => {
    const limiter = new AnonymousWriteLimiter({ perAddress: { max: 1, windowSeconds: 60 } }, Date.now, 4);
    // Four addresses and the schema: five keys, one too many.
    for (const address of ['a', 'b', 'c', 'd']) limiter.write(address, 'S');
    // 'a' was forgotten (the least recently used): it may write again; 'd' may not.
    expect(() => limiter.write('a', 'S')).not.toThrow();
    expect(refusal(() => limiter.write('d', 'S'))?.status).toBe(429);
  });
});

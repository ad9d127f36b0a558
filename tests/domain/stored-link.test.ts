/**
 * What a stored public link grants (src/domain/forms/access.ts): `grantOfStoredLink`, which both backends use to answer
 * a presented token, and `presentedLink`, which reads the token, looks it up and refuses one that grants nothing.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain';
import {
  grantOfStoredLink,
  LINK_INVALID_MESSAGE,
  MAX_LINK_TOKEN_LENGTH,
  presentedLink,
  type StoredFormLink,
} from '../../src/domain/forms';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LIVE = { instance: false, schema: false, form: false };

function stored(overrides: Partial<StoredFormLink> = {}): StoredFormLink {
  return {
    formInstanceId: 'instance-1',
    formSchemaId: 'schema-1',
    mode: 'edit',
    expiresAt: new Date(NOW.getTime() + 60_000),
    deleted: LIVE,
    ...overrides,
  };
}

describe('grantOfStoredLink', () => {
  it('grants the stored mode on the stored instance and schema while the link lives', () => {
    expect(grantOfStoredLink(stored(), NOW)).toEqual({ formInstanceId: 'instance-1', formSchemaId: 'schema-1', mode: 'edit' });
    expect(grantOfStoredLink(stored({ mode: 'view' }), NOW)).toEqual({ formInstanceId: 'instance-1', formSchemaId: 'schema-1', mode: 'view' });
  });

  it('grants nothing without a stored link', () => {
    expect(grantOfStoredLink(null, NOW)).toBeNull();
    expect(grantOfStoredLink(undefined, NOW)).toBeNull();
  });

  it('grants nothing from the moment the link expires, and until then everything', () => {
    expect(grantOfStoredLink(stored({ expiresAt: new Date(NOW.getTime() + 1) }), NOW)?.mode).toBe('edit');
    expect(grantOfStoredLink(stored({ expiresAt: NOW }), NOW)).toBeNull();
    expect(grantOfStoredLink(stored({ expiresAt: new Date(NOW.getTime() - 1) }), NOW)).toBeNull();
  });

  it('grants nothing for a mode other than edit or view, in any case', () => {
    for (const mode of ['', 'Edit', 'VIEW', 'admin', 'sign']) expect(grantOfStoredLink(stored({ mode }), NOW), mode).toBeNull();
  });

  it('grants nothing when the instance, its schema or its form is soft-deleted', () => {
    expect(grantOfStoredLink(stored({ deleted: { ...LIVE, instance: true } }), NOW)).toBeNull();
    expect(grantOfStoredLink(stored({ deleted: { ...LIVE, schema: true } }), NOW)).toBeNull();
    expect(grantOfStoredLink(stored({ deleted: { ...LIVE, form: true } }), NOW)).toBeNull();
  });

  it('answers only the instance, schema and mode (nothing else of what is stored)', () => {
    const grant = grantOfStoredLink(stored(), NOW);
    expect(Object.keys(grant ?? {}).sort()).toEqual(['formInstanceId', 'formSchemaId', 'mode']);
  });
});

describe('presentedLink', () => {
  const request = (search: string, authorization: string | null = null) => ({ authorization, searchParams: new URLSearchParams(search) });

  it('is null when no token is presented, without looking anything up', async () => {
    const asked: string[] = [];
    expect(await presentedLink(request(''), (token) => (asked.push(token), stored()), NOW)).toBeNull();
    expect(await presentedLink(request('', 'Bearer a.b.c'), (token) => (asked.push(token), stored()), NOW)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('answers the grant of the link found for a token in the query or a bearer token', async () => {
    expect(await presentedLink(request('token=abc'), async (token) => (token === 'abc' ? stored() : null), NOW)).toMatchObject({ mode: 'edit' });
    expect(await presentedLink(request('', 'Bearer abc'), (token) => (token === 'abc' ? stored({ mode: 'view' }) : null), NOW)).toMatchObject({
      mode: 'view',
    });
  });

  it('refuses with 401 a token that grants nothing: unknown, expired or of a deleted instance', async () => {
    const refusals: [string, StoredFormLink | null][] = [
      ['unknown', null],
      ['expired', stored({ expiresAt: NOW })],
      ['deleted', stored({ deleted: { ...LIVE, instance: true } })],
    ];
    for (const [name, found] of refusals) {
      const attempt = presentedLink(request('token=abc'), () => found, NOW);
      await expect(attempt, name).rejects.toThrow(DomainError);
      await expect(attempt, name).rejects.toMatchObject({ status: 401, message: LINK_INVALID_MESSAGE });
    }
  });

  it('refuses a token longer than the limit without looking it up', async () => {
    const asked: string[] = [];
    const long = 'a'.repeat(MAX_LINK_TOKEN_LENGTH + 1);
    await expect(presentedLink(request(`token=${long}`), (token) => (asked.push(token), stored()), NOW)).rejects.toMatchObject({ status: 401 });
    expect(asked).toEqual([]);
    expect(await presentedLink(request(`token=${'a'.repeat(MAX_LINK_TOKEN_LENGTH)}`), () => stored(), NOW)).not.toBeNull();
  });
});

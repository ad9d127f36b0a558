// @vitest-environment node
/**
 * The server's setting of the bounds of anonymous writes: the domain's numbers by default, any field replaced,
 * null (or ANONYMOUS_WRITE_LIMITS=off) turns them off, and a wrong number is refused at start.
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../../example-host/server/config';
import { ANONYMOUS_WRITE_LIMITS } from '../../src/domain';

describe('anonymousWriteLimits', () => {
  it('defaults to the domain numbers; a field given replaces its default', () => {
    expect(resolveConfig().anonymousWriteLimits).toEqual(ANONYMOUS_WRITE_LIMITS);
    const custom = resolveConfig({ anonymousWriteLimits: { perAddress: { max: 5, windowSeconds: 10 } } }).anonymousWriteLimits;
    expect(custom).toEqual({ ...ANONYMOUS_WRITE_LIMITS, perAddress: { max: 5, windowSeconds: 10 } });
  });

  it('is off with null or ANONYMOUS_WRITE_LIMITS=off', () => {
    expect(resolveConfig({ anonymousWriteLimits: null }).anonymousWriteLimits).toBeNull();
    expect(configFromEnv({ ANONYMOUS_WRITE_LIMITS: 'off' }).anonymousWriteLimits).toBeNull();
    expect(configFromEnv({}).anonymousWriteLimits).toBeUndefined();
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => resolveConfig({ anonymousWriteLimits: { draftsPerAddressAndSchema: { max: 0, windowSeconds: 60 } } })).toThrow(
      /draftsPerAddressAndSchema/,
    );
  });
});

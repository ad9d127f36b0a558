// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv, filterLog, resolveConfig, startFailureMessage, type LogEntry } from '../../example-host/server/config';

afterEach(() => vi.restoreAllMocks());

describe('configFromEnv', () => {
  it('reads ports, origins, the database and the external provider', () => {
    const config = configFromEnv({
      PORT: '6080',
      OIDC_PORT: '6081',
      HOST_ORIGIN: 'http://localhost:3000/, http://127.0.0.1:3000',
      DATABASE_URL: 'postgres://u:p@localhost/db',
      OIDC_ISSUER: 'https://login.example.com',
      ACCESS_TOKEN_TTL: '120',
    });
    expect(config).toMatchObject({
      port: 6080,
      oidcPort: 6081,
      hostOrigins: ['http://localhost:3000/', 'http://127.0.0.1:3000'],
      databaseUrl: 'postgres://u:p@localhost/db',
      externalOidc: { issuer: 'https://login.example.com' },
      accessTokenTtlSeconds: 120,
    });
    expect(resolveConfig(config).hostOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('names the variable and the value it cannot read', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow('PORT must be an integer, got "eighty"');
    expect(() => configFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of info, warn, error, silent, got "verbose"',
    );
  });

  it('LOG_LEVEL=warn keeps warnings and errors and drops request lines', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const { log } = resolveConfig(configFromEnv({ LOG_LEVEL: 'WARN' }));
    log({ level: 'info', msg: 'request' });
    log({ level: 'warn', msg: 'login failed' });
    log({ level: 'error', msg: 'boom' });
    const lines = write.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as LogEntry);
    expect(lines.map((l) => l.msg)).toEqual(['login failed', 'boom']);
    expect(lines[0]).toHaveProperty('time');
  });

  it('logs everything by default', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    resolveConfig(configFromEnv({})).log({ level: 'info', msg: 'request' });
    expect(write).toHaveBeenCalledTimes(1);
  });
});

describe('filterLog', () => {
  it.each([
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ] as const)('at %s passes %j', (level, passed) => {
    const seen: string[] = [];
    const log = filterLog(level, (entry) => seen.push(entry.level));
    for (const l of ['info', 'warn', 'error'] as const) log({ level: l });
    expect(seen).toEqual(passed);
  });
});

describe('startFailureMessage', () => {
  const busy = (port: number) =>
    Object.assign(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`), { code: 'EADDRINUSE', port });

  it('names the busy port and the variable that moves it', () => {
    expect(startFailureMessage(busy(5080), {})).toBe(
      'Port 5080 is already in use (is Forms Admin already running?). Stop that process, or start on another port with PORT=<port>.',
    );
    expect(startFailureMessage(busy(5081), {})).toContain('with OIDC_PORT=<port>.');
    expect(startFailureMessage(busy(7001), { OIDC_PORT: '7001' })).toContain('Port 7001 is already in use');
    expect(startFailureMessage(busy(7001), { OIDC_PORT: '7001' })).toContain('OIDC_PORT=<port>');
  });

  it('passes any other failure through', () => {
    expect(startFailureMessage(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});

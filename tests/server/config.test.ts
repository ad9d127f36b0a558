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

describe('host widget kinds', () => {
  it('reads HOST_WIDGET_KINDS as kind:value pairs and refuses a bad pair or a built-in kind made to store another value', () => {
    const config = configFromEnv({ HOST_WIDGET_KINDS: ' star-rating:number, mood : choice ,' });
    expect(config.hostWidgetKinds).toEqual({ 'star-rating': 'number', mood: 'choice' });
    expect(resolveConfig(config).hostWidgetKinds).toEqual({ 'star-rating': 'number', mood: 'choice' });
    expect(resolveConfig({}).hostWidgetKinds).toEqual({});
    expect(() => configFromEnv({ HOST_WIDGET_KINDS: 'star-rating:stars' })).toThrow(
      'HOST_WIDGET_KINDS must list kind:value pairs such as "star-rating:number", the value one of string, number, boolean, choice, list, matrix, file, none; got "star-rating:stars"',
    );
    expect(() => resolveConfig({ hostWidgetKinds: { email: 'list' } })).toThrow(/^hostWidgetKinds: The built-in widget 'email' stores string values/);
  });
});

describe('access token limits', () => {
  it('a 24 h maximum lifetime and typ at+jwt by default with the embedded provider', () => {
    const config = resolveConfig({});
    expect(config.maxAccessTokenLifetimeSeconds).toBe(86_400);
    expect(config.accessTokenType).toBe('at+jwt');
  });

  it('no typ required by default with an external provider (Entra ID, Keycloak issue JWT), unless configured', () => {
    expect(resolveConfig({ externalOidc: { issuer: 'https://login.example.com' } }).accessTokenType).toBeNull();
    expect(
      resolveConfig({ externalOidc: { issuer: 'https://login.example.com' }, accessTokenType: 'at+jwt' }).accessTokenType,
    ).toBe('at+jwt');
  });

  it('reads MAX_ACCESS_TOKEN_LIFETIME and ACCESS_TOKEN_TYPE (none accepts any)', () => {
    expect(configFromEnv({ MAX_ACCESS_TOKEN_LIFETIME: '3600', ACCESS_TOKEN_TYPE: 'JWT' })).toMatchObject({
      maxAccessTokenLifetimeSeconds: 3600,
      accessTokenType: 'JWT',
    });
    expect(resolveConfig(configFromEnv({ ACCESS_TOKEN_TYPE: 'none' })).accessTokenType).toBeNull();
    expect(() => configFromEnv({ MAX_ACCESS_TOKEN_LIFETIME: '1d' })).toThrow(
      'MAX_ACCESS_TOKEN_LIFETIME must be an integer, got "1d"',
    );
  });

  it('refuses an embedded provider issuing tokens the API would refuse', () => {
    expect(() => resolveConfig({ accessTokenTtlSeconds: 7200, maxAccessTokenLifetimeSeconds: 3600 })).toThrow(
      'accessTokenTtlSeconds (7200) must not exceed maxAccessTokenLifetimeSeconds (3600)',
    );
    expect(() => resolveConfig({ maxAccessTokenLifetimeSeconds: 0 })).toThrow(
      'maxAccessTokenLifetimeSeconds must be a positive integer, got 0',
    );
  });
});

describe('login throttle configuration', () => {
  it('defaults: 3 free failures per account (lockout at 10), 20 per address (lockout at 50), 5 minute lockout', () => {
    expect(resolveConfig({}).loginThrottle).toEqual({
      account: { freeFailures: 3, lockoutFailures: 10 },
      address: { freeFailures: 20, lockoutFailures: 50 },
      baseDelaySeconds: 1,
      maxDelaySeconds: 60,
      lockoutSeconds: 300,
      forgetAfterSeconds: 900,
      maxEntries: 10_000,
    });
  });

  it('takes partial settings and checks them', () => {
    const now = () => 0;
    expect(resolveConfig({ loginThrottle: { account: { freeFailures: 5 }, lockoutSeconds: 60, now } }).loginThrottle).toMatchObject({
      account: { freeFailures: 5, lockoutFailures: 10 },
      lockoutSeconds: 60,
      now,
    });
    expect(() => resolveConfig({ loginThrottle: { account: { freeFailures: 10, lockoutFailures: 10 } } })).toThrow(
      'loginThrottle.account.lockoutFailures must be more than freeFailures',
    );
    expect(() => resolveConfig({ loginThrottle: { baseDelaySeconds: -1 } })).toThrow(
      'loginThrottle.baseDelaySeconds must be a positive number, got -1',
    );
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

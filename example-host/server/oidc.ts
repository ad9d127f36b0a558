/**
 * The embedded development OpenID provider (`oidc-provider`), on its own loopback port.
 *
 * - Issuer: `http://127.0.0.1:<oidcPort>` (discovery at `/.well-known/openid-configuration`).
 * - One public client (`forms-admin-example` by default): authorization code + PKCE (S256) required,
 *   no client secret, refresh tokens issued and rotated on every use without extending their absolute
 *   lifetime.
 * - Access tokens are JWTs for one resource (the API audience, `api://forms-admin` by default), chosen by
 *   default when the client names none. The ID token carries name, email and preferred_username; the
 *   userinfo endpoint (`/me`) also answers for the API's JWT access tokens.
 * - Sign-in: a plain HTML form at `/interaction/:uid` (labels 'Username' and 'Password', button
 *   'Sign in') checks the seeded accounts; consent is granted automatically for the first-party client.
 *   `prompt=login` always shows the form. Failed sign-ins are throttled per account and per client
 *   address (`login-throttle.ts`); the page says how long to wait. A failed or refused sign-in answers with a
 *   redirect back to the form (post/redirect/get; what it says travels in a short-lived cookie of the form's own
 *   path), so no page in the browser's history is the answer to a POST: Back after signing in reaches the form's
 *   address ('Sign-in expired', with a way back), never the browser's own "Confirm Form Resubmission".
 * - No page of the provider may be framed (X-Frame-Options DENY, CSP frame-ancestors 'none').
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet } from 'jose';
import { errors, Provider, type Configuration, type KoaContextWithOIDC } from './oidc-provider';
import { findAccountBySub, verifyCredentials, type SeededAccount } from './accounts';
import { TokenVerifier } from './auth';
import { ACCESS_TOKEN_TYPE, type LogSink, type ResolvedConfig } from './config';
import type { Db } from './db/index';
import { SharedLoginThrottle, throttleMessage } from './login-throttle';
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from './operations';
import { createDbAdapterFactory } from './oidc-adapter';
import { publicJwk, type ProviderSecrets } from './secrets';

/** OIDC scopes the embedded provider knows. */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
/** The scope of the API resource server. */
export const API_SCOPE = 'api';

export interface OidcServer {
  issuer: string;
  provider: Provider;
  server: http.Server;
  close(): Promise<void>;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f1f3f5; margin: 0; }
  main { max-width: 420px; margin: 64px auto; background: #fff; border-radius: 8px; padding: 32px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  p.sub { color: #495057; margin: 0 0 24px; }
  label { display: block; font-weight: 600; margin: 16px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px 10px; font-size: 1rem; border: 1px solid #adb5bd;
          border-radius: 4px; }
  button { margin-top: 24px; width: 100%; padding: 10px; font-size: 1rem; border: 0; border-radius: 4px;
           background: #1c7ed6; color: #fff; cursor: pointer; }
  button.secondary { background: #e9ecef; color: #212529; margin-top: 12px; }
  .error { color: #c92a2a; background: #fff5f5; border: 1px solid #ffc9c9; border-radius: 4px; padding: 8px 12px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The error text shown on bad credentials. */
export const BAD_CREDENTIALS_MESSAGE = 'Invalid username or password.';

function loginPage(uid: string, options: { username?: string; error?: string; clientName?: string }): string {
  // With the username kept (after a failure), the password is what is typed next.
  const focusPassword = Boolean(options.username);
  const error = options.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="sub">Development identity provider${options.clientName ? ` for ${escapeHtml(options.clientName)}` : ''}</p>
${error}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login" autocomplete="off">
  <label for="username">Username</label>
  <input id="username" name="username" type="text" required${focusPassword ? '' : ' autofocus'} value="${escapeHtml(options.username ?? '')}"${
      options.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''
    }>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required${focusPassword ? ' autofocus' : ''}${
    options.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''
  }>
  <button type="submit">Sign in</button>
</form>`,
  );
}

/** A page that says what went wrong; `back`: the application's address, offered as the way out. */
function errorPage(title: string, message: string, back?: string): string {
  const link = back ? `<p><a href="${escapeHtml(back)}">Back to the application</a></p>` : '';
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>${link}`);
}

/** No page of the provider may be framed (clickjacking of the sign-in and sign-out forms). */
const FRAME_HEADERS = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

function sendHtml(res: http.ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...HTML_HEADERS, ...headers });
  res.end(html);
}

const MAX_FORM_BYTES = 8 * 1024;

/** The cookie that carries a failed sign-in's outcome from the POST to the form it redirects to. */
const LOGIN_FLASH_COOKIE = 'login_flash';

/**
 * What the form says after a failed sign-in: the username typed (kept, the password never) and either bad credentials
 * (with the wait the failure imposed, if any) or a refusal while a wait lasts.
 */
interface LoginFlash {
  username: string;
  kind: 'bad' | 'wait';
  /** The wait, in ms (0: none). */
  waitMs: number;
}

/** Only the first characters of a username travel in the cookie (a cookie holds about 4 KiB). */
const FLASH_USERNAME_CHARS = 256;

function flashCookie(uid: string, flash: LoginFlash | null): string {
  const path = `Path=/interaction/${encodeURIComponent(uid)}; HttpOnly; SameSite=Lax`;
  if (!flash) return `${LOGIN_FLASH_COOKIE}=; ${path}; Max-Age=0`;
  const value = Buffer.from(JSON.stringify({ ...flash, username: flash.username.slice(0, FLASH_USERNAME_CHARS) })).toString('base64url');
  return `${LOGIN_FLASH_COOKIE}=${value}; ${path}; Max-Age=300`;
}

/** The failed sign-in's outcome the request's cookie carries, or null (none, or not one this provider wrote). */
function readFlash(req: http.IncomingMessage): LoginFlash | null {
  const raw = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LOGIN_FLASH_COOKIE}=`))
    ?.slice(LOGIN_FLASH_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<LoginFlash>;
    if (typeof value.username !== 'string' || (value.kind !== 'bad' && value.kind !== 'wait')) return null;
    const waitMs = typeof value.waitMs === 'number' && Number.isFinite(value.waitMs) && value.waitMs > 0 ? value.waitMs : 0;
    return { username: value.username.slice(0, FLASH_USERNAME_CHARS), kind: value.kind, waitMs };
  } catch {
    return null;
  }
}

/** Answers a failed sign-in with the way back to its form, the outcome in the flash cookie. */
function redirectToForm(res: http.ServerResponse, uid: string, flash: LoginFlash): void {
  res.writeHead(303, {
    location: `/interaction/${encodeURIComponent(uid)}`,
    'set-cookie': flashCookie(uid, flash),
    'cache-control': 'no-store',
    ...(flash.kind === 'wait' ? { 'retry-after': String(Math.ceil(flash.waitMs / 1000)) } : {}),
  });
  res.end();
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_FORM_BYTES) throw new Error('Form too large');
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function accountClaims(account: SeededAccount) {
  return {
    sub: account.sub,
    name: account.displayName,
    preferred_username: account.username,
    email: account.email,
    email_verified: true,
  };
}

interface OidcOptions {
  config: ResolvedConfig;
  /** Where the provider keeps sessions, grants and tokens. */
  db: Db;
  secrets: ProviderSecrets;
  log: LogSink;
}

function buildConfiguration({ config, secrets, db }: OidcOptions): Configuration {
  const allowedOrigins = new Set(config.hostOrigins);
  return {
    adapter: createDbAdapterFactory(db),
    clients: [
      {
        client_id: config.clientId,
        client_name: 'Forms Admin example host',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: config.redirectUris,
        post_logout_redirect_uris: config.postLogoutRedirectUris,
      },
    ],
    scopes: [...OIDC_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Put the scope claims (name, email…) in the ID token too.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = findAccountBySub(sub);
      if (!account) return undefined;
      return { accountId: account.sub, claims: () => accountClaims(account) };
    },
    jwks: { keys: secrets.signingKeys },
    cookies: {
      keys: secrets.cookieKeys,
      long: { sameSite: 'lax' },
      short: { sameSite: 'lax' },
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // `form` is oidc-provider's hidden form (with its CSRF token); the buttons submit it.
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          // The application asked with a valid id_token_hint (checked before this page is drawn): the person already
          // chose 'Sign out' there, so the provider signs out at once instead of asking again; leaving the question
          // open left the provider session alive, and the next visit signed them straight back in. Without a hint
          // (a link from elsewhere) it asks. The buttons stay for a browser without scripts.
          const hinted = typeof ctx.oidc.params?.id_token_hint === 'string';
          const nonce = randomBytes(16).toString('base64');
          ctx.set('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`);
          const submit = hinted
            ? `<script nonce="${nonce}">(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();</script>`
            : '';
          ctx.body = page(
            'Sign out',
            `<h1>Sign out</h1>
<p class="sub">${hinted ? 'Signing you out of the development identity provider…' : 'Do you want to sign out of the development identity provider?'}</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
${submit}`,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = page('Signed out', '<h1>Signed out</h1><p class="sub">You have been signed out.</p>');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== config.audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: config.audience,
            accessTokenTTL: config.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    extraTokenClaims: (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = typeof accountId === 'string' ? findAccountBySub(accountId) : undefined;
      if (!account) return undefined;
      const { name, email, preferred_username } = accountClaims(account);
      return { name, email, preferred_username };
    },
    // The first-party client is granted what it asks for: no consent screen.
    loadExistingGrant: async (ctx) => {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (client.clientId !== config.clientId) return grant;
      if (!grant || grant.accountId !== session.accountId) {
        grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      }
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      grant.addResourceScope(config.audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Tokens end with the provider's browser session: signing out revokes the refresh token.
    expiresWithSession: () => true,
    clockTolerance: 5,
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 10 * 60,
      Session: config.refreshTokenTtlSeconds,
      Grant: config.refreshTokenTtlSeconds,
      RefreshToken: (ctx) => {
        // A rotated refresh token keeps the remaining lifetime of the one it replaces.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : config.refreshTokenTtlSeconds;
      },
    },
    clientBasedCORS: (_ctx, origin, client) => client.clientId === config.clientId && allowedOrigins.has(origin),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        'Sign-in error',
        out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      );
    },
  };
}

/** Starts the embedded identity provider on 127.0.0.1. */
export async function startOidcServer(options: OidcOptions): Promise<OidcServer> {
  const { config, log } = options;
  const server = http.createServer();
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.oidcPort, config.oidcHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${config.oidcHost}:${port}`;
  const provider = new Provider(issuer, buildConfiguration(options));
  provider.use(async (ctx, next) => {
    ctx.set(FRAME_HEADERS);
    await next();
  });
  provider.on('server_error', (_ctx, error) => log({ level: 'error', component: 'oidc', msg: error.message }));
  const providerCallback = provider.callback();
  // `/me` checks access tokens exactly as the API does.
  const accessTokens = new TokenVerifier({
    issuer,
    audience: config.audience,
    keys: createLocalJWKSet({ keys: options.secrets.signingKeys.map(publicJwk) }),
    clockToleranceSeconds: config.clockToleranceSeconds,
    maxLifetimeSeconds: config.maxAccessTokenLifetimeSeconds,
    requiredType: ACCESS_TOKEN_TYPE,
  });
  const allowedOrigins = new Set(config.hostOrigins);
  // The way back from a sign-in page that can no longer be used (above all the login form reached again with Back,
  // after signing in): the first host origin, the product's own when the backend serves it.
  const applicationHome = config.hostOrigins[0] ? `${config.hostOrigins[0]}/` : undefined;
  // In the database: every instance on it sees the same failures.
  const throttle = new SharedLoginThrottle(options.db, config.loginThrottle);
  /** The client's address as the socket sees it (the provider listens on loopback; no proxy headers trusted). */
  const clientAddress = (req: http.IncomingMessage) => req.socket.remoteAddress ?? 'unknown';

  async function handleInteraction(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login)?$/.exec(url.pathname);
    if (!match) return sendHtml(res, 404, errorPage('Not Found', 'This page does not exist.'));
    const uid = match[1] as string;
    const isLogin = Boolean(match[2]);
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return sendHtml(
        res,
        400,
        errorPage('Sign-in expired', 'This sign-in request has expired. Go back to the application and sign in again.', applicationHome),
      );
    }
    if (details.uid !== uid) {
      return sendHtml(
        res,
        400,
        errorPage('Sign-in expired', 'This sign-in request does not match your browser session.', applicationHome),
      );
    }
    const clientName = config.clientId === details.params.client_id ? 'Forms Admin' : undefined;
    if (req.method === 'GET' && !isLogin) {
      if (details.prompt.name === 'login') {
        const flash = readFlash(req);
        if (flash) {
          // The form again after a failed sign-in: what went wrong, once (a reload shows the plain form).
          const error =
            flash.kind === 'wait'
              ? throttleMessage(flash.waitMs)
              : flash.waitMs > 0
                ? `${BAD_CREDENTIALS_MESSAGE} ${throttleMessage(flash.waitMs)}`
                : BAD_CREDENTIALS_MESSAGE;
          return sendHtml(res, flash.kind === 'wait' ? 429 : 200, loginPage(uid, { username: flash.username, error, clientName }), {
            'set-cookie': flashCookie(uid, null),
            ...(flash.kind === 'wait' ? { 'retry-after': String(Math.ceil(flash.waitMs / 1000)) } : {}),
          });
        }
        // An address that must wait is told so before anything is typed.
        const wait = await throttle.addressWait(clientAddress(req));
        return sendHtml(res, 200, loginPage(uid, { clientName, ...(wait ? { error: throttleMessage(wait) } : {}) }));
      }
      // Any other prompt (consent) is granted for the first-party client by loadExistingGrant; finish it.
      if (details.prompt.name === 'consent' && details.params.client_id === config.clientId && details.session) {
        const grant = new provider.Grant({ clientId: config.clientId, accountId: details.session.accountId });
        grant.addOIDCScope(OIDC_SCOPES.join(' '));
        grant.addResourceScope(config.audience, API_SCOPE);
        const grantId = await grant.save();
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      }
      return provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'This interaction is not supported',
      });
    }
    if (req.method === 'POST' && isLogin) {
      if (details.prompt.name !== 'login') {
        return sendHtml(
          res,
          400,
          errorPage('Sign-in expired', 'This sign-in request is no longer waiting for a login.', applicationHome),
        );
      }
      let form: URLSearchParams;
      try {
        form = await readForm(req);
      } catch {
        return sendHtml(res, 413, errorPage('Sign-in error', 'The form is too large.'));
      }
      const username = form.get('username') ?? '';
      const attempt = { username, address: clientAddress(req) };
      const wait = await throttle.wait(attempt);
      if (wait > 0) {
        // Refused unchecked: while the wait lasts even the right password does not get in.
        log({ level: 'warn', component: 'oidc', msg: 'login throttled', username: username.slice(0, 64), address: attempt.address });
        return redirectToForm(res, uid, { username, kind: 'wait', waitMs: wait });
      }
      const account = verifyCredentials(username, form.get('password') ?? '');
      if (!account) {
        const imposed = await throttle.fail(attempt);
        log({ level: 'warn', component: 'oidc', msg: 'login failed', username: username.slice(0, 64), address: attempt.address });
        return redirectToForm(res, uid, { username, kind: 'bad', waitMs: imposed });
      }
      await throttle.succeed(attempt);
      log({ level: 'info', component: 'oidc', msg: 'login', sub: account.sub });
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
    }
    res.writeHead(405, { allow: isLogin ? 'POST' : 'GET' });
    res.end();
  }

  /** `/me` for the API's JWT access tokens (oidc-provider's own userinfo refuses tokens with an audience). */
  async function handleUserinfo(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const origin = req.headers.origin;
    const corsHeaders: Record<string, string> =
      origin && allowedOrigins.has(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    }
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
    if (!token || token.split('.').length !== 3) return false; // opaque tokens: oidc-provider answers
    try {
      const payload = await accessTokens.verify(token);
      const account = findAccountBySub(payload.sub);
      if (!account) throw new Error('unknown account');
      res.writeHead(200, { ...corsHeaders, 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(accountClaims(account)));
    } catch {
      res.writeHead(401, {
        ...corsHeaders,
        'content-type': 'application/json',
        'www-authenticate': 'Bearer error="invalid_token", error_description="invalid token provided"',
      });
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'invalid token provided' }));
    }
    return true;
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', issuer);
    // The request's id (sent or new) on its answer and on every log line written while it runs, as on the API.
    const header = req.headers['x-request-id'];
    const requestId = requestIdOf(Array.isArray(header) ? header[0] : header);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.on('finish', () => {
      log({
        level: 'info',
        component: 'oidc',
        method: req.method,
        path: url.pathname,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId,
      });
    });
    const run = async () => {
      if (url.pathname.startsWith('/interaction/')) return handleInteraction(req, res, url);
      if (url.pathname === '/me' && (await handleUserinfo(req, res))) return;
      await providerCallback(req, res);
    };
    withRequestId(requestId, run).catch((error: unknown) => {
      log({ level: 'error', component: 'oidc', msg: (error as Error).message, path: url.pathname, requestId });
      if (!res.headersSent) sendHtml(res, 500, errorPage('Sign-in error', 'Something went wrong.'));
      else res.end();
    });
  });

  return {
    issuer,
    provider,
    server,
    close: () => closeServer(server),
  };
}

/** Closes an HTTP server: stops accepting, ends idle keep-alive sockets, then the rest after a grace period. */
export function closeServer(server: http.Server, graceMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Starts the reference backend: `npx tsx example-host/server/main.ts`.
 *
 * Environment: PORT (API, default 5080), OIDC_PORT (identity provider, default 5081), HOST_ORIGIN
 * (comma-separated host app origins, default http://127.0.0.1:5173,http://localhost:5173), DATA_DIR
 * (PGlite folder, default .data/pglite; `memory://` for a throw-away database), DATABASE_URL (use
 * PostgreSQL instead; needs `npm i -D pg`), ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL,
 * MAX_ACCESS_TOKEN_LIFETIME (longest accepted access token, default 86400 s), ACCESS_TOKEN_TYPE (required
 * `typ`, default at+jwt with the embedded provider; `none` accepts any), OIDC_ISSUER (use an external
 * OpenID provider instead of the embedded one), HOST_DIST (serve a built host), LOG_LEVEL (info, warn,
 * error or silent; JSON lines, each request's with its X-Request-Id), METRICS (1: Prometheus metrics on /metrics),
 * INSTANCE_ID (this instance's name in logs and job records). docs/deploy.md runs it as a service.
 */
import { SEEDED_ACCOUNTS } from './accounts';
import { configFromEnv, startFailureMessage } from './config';
import { pdfWorkers } from './pdf/worker';
import { installSignalHandlers, startServer } from './server';

async function main(): Promise<void> {
  // The PDF worker starts beside the database (warmPdfWorker), so that the first upload finds it ready; /health/ready
  // answers 503 until it is.
  const handle = await startServer({ ...configFromEnv(process.env), warmPdfWorker: true });
  // The lines below are printed once the worker is ready (the same start: `warm` starts no second worker).
  await pdfWorkers()
    .warm()
    .catch(() => undefined);
  installSignalHandlers(handle);
  const lines = [
    '',
    'Forms Admin reference backend',
    ...(handle.config.hostDist ? [`  Open the product:  ${handle.url}/  (sign in with an account below)`] : []),
    `  API:               ${handle.url}  (health: ${handle.url}/health/ready and ${handle.url}/api/HealthCheck/Get)`,
    `  OpenID provider:   ${handle.issuerUrl}  (discovery: ${handle.issuerUrl}/.well-known/openid-configuration)`,
    `  Client id:         ${handle.clientId}   audience: ${handle.audience}`,
    `  Redirect URIs:     ${handle.config.redirectUris.join(', ')}`,
    `  Database:          ${handle.database.kind} ${handle.database.location}`,
    handle.config.signing.smtpUrl
      ? `  Mail:              over SMTP (SMTP_URL ${new URL(handle.config.signing.smtpUrl).host})`
      : `  Mail:              kept by the development SMTP sink, read it in the Outbox: ${handle.url}/admin/outbox/ (set SMTP_URL to send it)`,
  ];
  if (!handle.config.externalOidc) {
    lines.push('  Seeded accounts (username / password):');
    for (const a of SEEDED_ACCOUNTS) {
      lines.push(`    ${a.username.padEnd(8)} / ${a.password.padEnd(16)} ${a.displayName} <${a.email}> — ${a.role}`);
    }
  }
  lines.push('  Press Ctrl+C to stop.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: startFailureMessage(error) })}\n`);
  process.exitCode = 1;
});

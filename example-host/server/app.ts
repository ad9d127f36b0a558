/**
 * The Hono app: structured request logs with a request id (`X-Request-Id`), health and metrics endpoints, CORS for the host origins, security headers, a body size
 * limit, the declared routes (deny by default) and errors as RFC 9457 problem details
 * (`application/problem+json`: `{ type: 'about:blank', title, status, detail }`).
 *
 * Every `/api` and `/odata` answer, and every problem details answer anywhere, says
 * `Cache-Control: no-store` (they carry user data or say who may see what); API answers may not be
 * framed (X-Frame-Options DENY with CSP frame-ancestors 'none', as the host's pages).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { FORM_LINK_MODE_HEADER, FORM_LINK_TOKEN_HEADER } from '../../src/domain/forms';
import { errorLogFields } from './error-log';
import { MAX_INSTANCE_BODY_BYTES } from '../../src/domain/limits';
import { PDF_TOO_LARGE_MESSAGE, PDF_UPLOAD_LIMITS } from '../../src/domain/pdf/limits';
import { FORM_FILE_UPLOAD_PATH } from '../../src/service/files';
import { HttpError, problem } from './routes/http';
import { createStaticHost } from './static-host';
import { mountRoutes, type AppEnv, type RouteRegistry } from './routes/registry';
import type { Services } from './services';
import { readiness, REQUEST_ID_HEADER, requestIdOf, withRequestId, type ReadinessSource, type ServerMetrics } from './operations';

/** The PDF upload, whose body limit is the file's own (see below). */
const PDF_UPLOAD_PATH = '/api/FormGenerator/UploadPdf';

/** What the app answers besides its routes: readiness and, when on, metrics. */
export interface AppOperations {
  readiness: ReadinessSource;
  /** The metrics to count requests in and serve on `/metrics`; null: metrics are off (404). */
  metrics: ServerMetrics | null;
}

/** The operators' endpoints: not API routes (no claims, no CORS needs), answered before the routes. */
const LIVE_PATH = '/health/live';
const READY_PATH = '/health/ready';
const METRICS_PATH = '/metrics';

/** Builds the app for the given services and routes. */
export function createApp(services: Services, registry: RouteRegistry, operations?: AppOperations): Hono<AppEnv> {
  const { config } = services;
  const log = config.log;
  const allowedOrigins = new Set(config.hostOrigins);
  const app = new Hono<AppEnv>();
  const ops: AppOperations = operations ?? { readiness: { db: services.db, pdfWorker: () => 'on-demand', stopping: () => false }, metrics: null };
  // Requests are counted by their declared route (a bounded set of labels), never by a raw path.
  const declared = new Map(registry.list().map((r) => [`${r.method} ${r.path.toLowerCase()}`, r.path]));
  const routeLabel = (method: string, path: string): string => {
    if (path === LIVE_PATH || path === READY_PATH || path === METRICS_PATH) return path;
    const found = declared.get(`${method === 'HEAD' ? 'GET' : method} ${path.toLowerCase()}`);
    if (found) return found;
    if (path.startsWith('/api/') || path.startsWith('/odata/')) return 'unmatched';
    return config.hostDist && method === 'GET' ? 'host' : 'unmatched';
  };

  // Each request has an id (the one it sent in X-Request-Id, or a new one): on its answer and on every log line
  // written while it runs. The access log line says what was asked and answered, never a body.
  app.use('*', async (c, next) => {
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    await withRequestId(requestId, async () => {
      const started = performance.now();
      c.set('auth', null);
      await next();
      const auth = c.get('auth');
      const ms = performance.now() - started;
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
      ops.metrics?.observe(c.req.method, routeLabel(c.req.method, c.req.path), c.res.status, ms / 1000);
      log({
        level: c.res.status >= 500 ? 'error' : 'info',
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
        ...(auth ? { userId: auth.user.id } : {}),
      });
    });
  });

  // Liveness (the process answers), readiness (it can serve: database, migrations, PDF worker, not stopping), metrics.
  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (path !== LIVE_PATH && path !== READY_PATH && path !== METRICS_PATH) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    c.header('Cache-Control', 'no-store');
    if (path === LIVE_PATH) return c.json({ status: 'live' });
    if (path === READY_PATH) {
      const ready = await readiness(ops.readiness);
      return c.json(ready, ready.status === 'ready' ? 200 : 503);
    }
    if (!ops.metrics) return next();
    return ops.metrics.answer(c);
  });

  // After everything else has answered (errors and 404s included): no cache may keep user data.
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    const api = path === '/api' || path.startsWith('/api/') || path === '/odata' || path.startsWith('/odata/');
    if (api || c.res.headers.get('content-type')?.startsWith('application/problem+json')) {
      c.res.headers.set('Cache-Control', 'no-store');
    }
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'If-Match', 'Range', REQUEST_ID_HEADER],
      exposeHeaders: ['Content-Disposition', 'Content-Length', 'Content-Range', 'ETag', FORM_LINK_TOKEN_HEADER, FORM_LINK_MODE_HEADER, 'Retry-After', REQUEST_ID_HEADER],
      maxAge: 600,
    }),
  );

  // API answers are data, never documents; the served host sets its own policy (static-host.ts).
  const apiHeaders = secureHeaders({
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    // DENY agrees with frame-ancestors 'none' (secureHeaders' default is SAMEORIGIN).
    xFrameOptions: 'DENY',
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  });
  app.use('/api/*', apiHeaders);
  app.use('/odata/*', apiHeaders);

  // Form instance writes are open to anonymous visitors: their body is the instance's data (at most 1 MiB) and a
  // little more, never the 10 MiB other requests may send (refused before it is read when Content-Length says so).
  const instanceBodyBytes = Math.min(MAX_INSTANCE_BODY_BYTES, config.maxBodyBytes);
  const instanceBodyLimit = bodyLimit({
    maxSize: instanceBodyBytes,
    onError: (c) => problem(c, 413, `The request body is larger than ${instanceBodyBytes} bytes.`),
  });
  const instanceWrites = new Set(['/api/crud/forminstance/post', '/api/crud/forminstance/patch']);
  // On every path, so that the app declares no route of its own (deny by default): the check picks the instance writes.
  app.use('*', (c, next) => (instanceWrites.has(c.req.path) ? instanceBodyLimit(c, next) : next()));

  // A PDF upload's limit is the file's (PDF_UPLOAD_LIMITS.maxBytes, 10 MiB), so its multipart body may be larger by
  // the envelope around the file; over that it is refused with the upload's own code and sentence.
  const pdfUploadBytes = PDF_UPLOAD_LIMITS.maxBytes + PDF_UPLOAD_LIMITS.multipartOverheadBytes;
  const pdfUploadLimit = bodyLimit({
    maxSize: pdfUploadBytes,
    onError: (c) => problem(c, 413, PDF_TOO_LARGE_MESSAGE, { code: 'pdf-size' }),
  });
  const otherBodyLimit = bodyLimit({
    maxSize: config.maxBodyBytes,
    onError: (c) => problem(c, 413, `The request body is larger than ${config.maxBodyBytes} bytes.`),
  });
  // A file upload answer's body is bounded by its field's own limit as the route reads it (its own 413, 'file-size').
  app.use('*', (c, next) => (c.req.path === PDF_UPLOAD_PATH ? pdfUploadLimit(c, next) : c.req.path === FORM_FILE_UPLOAD_PATH ? next() : otherBodyLimit(c, next)));

  mountRoutes(app, registry, services);

  if (config.hostDist) {
    const host = createStaticHost(config.hostDist, services.issuer);
    app.get('*', (c, next) => (c.req.path.startsWith('/api/') || c.req.path.startsWith('/odata/') ? next() : host(c)));
  }

  app.notFound((c) => problem(c, 404, `Nothing answers ${c.req.method} ${c.req.path}.`));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return problem(c, error.status, error.message, error.details);
    }
    log({ level: 'error', ...errorLogFields(error), method: c.req.method, path: c.req.path });
    return problem(c, 500, 'An unexpected server error occurred.');
  });

  return app;
}

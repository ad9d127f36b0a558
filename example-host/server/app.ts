/**
 * The Hono app: structured request logs, CORS for the host origins, security headers, a body size
 * limit, the declared routes (deny by default) and JSON errors.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { HttpError } from './routes/http';
import { createStaticHost } from './static-host';
import { mountRoutes, type AppEnv, type RouteRegistry } from './routes/registry';
import type { Services } from './services';

/** Builds the app for the given services and routes. */
export function createApp(services: Services, registry: RouteRegistry): Hono<AppEnv> {
  const { config } = services;
  const log = config.log;
  const allowedOrigins = new Set(config.hostOrigins);
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('auth', null);
    await next();
    const auth = c.get('auth');
    log({
      level: c.res.status >= 500 ? 'error' : 'info',
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(auth ? { userId: auth.user.id } : {}),
    });
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'If-Match', 'Range'],
      exposeHeaders: ['Content-Disposition', 'Content-Length', 'Content-Range', 'ETag'],
      maxAge: 600,
    }),
  );

  // API answers are data, never documents; the served host sets its own policy (static-host.ts).
  const apiHeaders = secureHeaders({
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  });
  app.use('/api/*', apiHeaders);
  app.use('/odata/*', apiHeaders);

  app.use(
    '*',
    bodyLimit({
      maxSize: config.maxBodyBytes,
      onError: (c) => c.json({ status: 413, message: 'The request body is too large.' }, 413),
    }),
  );

  mountRoutes(app, registry, services);

  if (config.hostDist) {
    const host = createStaticHost(config.hostDist, services.issuer);
    app.get('*', (c, next) => (c.req.path.startsWith('/api/') || c.req.path.startsWith('/odata/') ? next() : host(c)));
  }

  app.notFound((c) => c.json({ status: 404, message: 'Not Found' }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ status: error.status, message: error.message, ...error.details }, error.status);
    }
    log({ level: 'error', msg: error.message, stack: error.stack, method: c.req.method, path: c.req.path });
    return c.json({ status: 500, message: 'An unexpected server error occurred.' }, 500);
  });

  return app;
}

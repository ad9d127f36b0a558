/**
 * Handlers that make calls fail, hang or slow down, to put in front of the fake's handlers
 * (`server.use(...)`, or a story's `parameters.msw.handlers` group). Paths are relative to the
 * base URL, e.g. `/api/Claim/ClaimGroupsList`; the default base URL matches any origin.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { fakeRoutes, type HandlerGroupName } from './handlers';
import { joinUrl, type RouteMethod } from './handlers/route';
import { problem } from './http';

/** Options of the error handlers. */
export interface ErrorHandlerOptions {
  /** Only this method (default: any method). */
  method?: RouteMethod;
  /** Base URL (default `*`: any origin). */
  baseUrl?: string;
  /** Answer once, then let later calls through to the fake. */
  once?: boolean;
  /** Response body (default: a problem-details JSON naming the status). */
  body?: string | Record<string, unknown>;
}

function handlerFor(path: string, options: ErrorHandlerOptions, resolve: () => Promise<Response | undefined> | Response | undefined): HttpHandler {
  const url = joinUrl(options.baseUrl, path);
  const method = options.method ?? 'all';
  return http[method](url, () => resolve(), { once: options.once ?? false });
}

function failure(status: number, options: ErrorHandlerOptions): Response {
  if (options.body === undefined) return problem(status, `Simulated failure (${status}).`);
  if (typeof options.body === 'string') return new HttpResponse(options.body, { status, headers: { 'content-type': 'text/plain' } });
  return HttpResponse.json(options.body, { status });
}

/** Helpers that build failing, hanging or slow handlers. */
export const errorHandlers = {
  /** Answers `status` (default 500) for `path`. */
  failing(path: string, status = 500, options: ErrorHandlerOptions = {}): HttpHandler {
    return handlerFor(path, options, () => failure(status, options));
  },
  /** Fails every route of one API area, e.g. `failingGroup('claim', 500)`. */
  failingGroup(group: HandlerGroupName, status = 500, options: Omit<ErrorHandlerOptions, 'method'> = {}): HttpHandler[] {
    return fakeRoutes[group].map((route) => handlerFor(route.path, { ...options, method: route.method }, () => failure(status, options)));
  },
  /** A network error (the fetch rejects) for `path`. */
  networkError(path: string, options: Omit<ErrorHandlerOptions, 'body'> = {}): HttpHandler {
    return handlerFor(path, options, () => HttpResponse.error());
  },
  /** Never answers `path`: the request stays pending (loading states). */
  pending(path: string, options: Omit<ErrorHandlerOptions, 'body'> = {}): HttpHandler {
    return handlerFor(path, options, async () => {
      await delay('infinite');
      return undefined;
    });
  },
  /** Delays `path` by `ms`, then lets the request through to the next handler (the fake). */
  delayed(path: string, ms: number, options: Omit<ErrorHandlerOptions, 'body'> = {}): HttpHandler {
    return handlerFor(path, options, async () => {
      await delay(ms);
      return undefined;
    });
  },
} as const;

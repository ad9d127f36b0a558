/**
 * The route tables of every API area, and the MSW handlers built from them.
 */
import type { HttpHandler } from 'msw';
import type { FakeBackend } from '../backend';
import { claimRoutes } from './claim';
import { crudRoutes } from './crud';
import { dynamicFormLinkingRoutes } from './dynamic-form-linking';
import { formFileRoutes } from './files';
import { formGeneratorRoutes } from './form-generator';
import { formSchemaRoutes } from './form-schema';
import { formsRoutes } from './forms';
import { healthCheckRoutes } from './health-check';
import { odataRoutes } from './odata';
import { toHttpHandler, type FakeRoute, type HandlerOptions } from './route';
import { signingRoutes } from './signing';
import { summaryRoutes } from './summary';

export type { FakeRoute, HandlerOptions, RouteAccess, RouteContext, RouteMethod } from './route';
export { joinUrl } from './route';

/** Names of the handler groups, one per API area. */
export const HANDLER_GROUP_NAMES = [
  'claim',
  'dynamicFormLinking',
  'odata',
  'crud',
  'formGenerator',
  'forms',
  'healthCheck',
  'signing',
] as const;
/** One handler group name. */
export type HandlerGroupName = (typeof HANDLER_GROUP_NAMES)[number];

/** MSW handlers by API area: the shape `msw-storybook-addon` accepts for `parameters.msw.handlers`. */
export type HandlerGroups = Record<HandlerGroupName, HttpHandler[]>;

/** Every route of the fake, by API area (method, path, access and handler). */
export const fakeRoutes: { readonly [G in HandlerGroupName]: readonly FakeRoute[] } = {
  claim: claimRoutes,
  dynamicFormLinking: dynamicFormLinkingRoutes,
  odata: [...odataRoutes, ...summaryRoutes],
  crud: crudRoutes,
  formGenerator: formGeneratorRoutes,
  // `/api/FormSchema/*` and `/api/FormFiles/*` are served with the forms calls (one group per screen area, as stories replace them).
  forms: [...formsRoutes, ...formSchemaRoutes, ...formFileRoutes],
  healthCheck: healthCheckRoutes,
  signing: signingRoutes,
};

/** Options of {@link createHandlers}. */
export interface CreateHandlersOptions extends HandlerOptions {
  /** Replace whole groups, e.g. `{ claim: errorHandlers.failingGroup('claim', 500) }`. */
  overrides?: Partial<HandlerGroups>;
}

/** The MSW handlers of `backend`, by API area. */
export function createHandlerGroups(backend: FakeBackend, options: CreateHandlersOptions = {}): HandlerGroups {
  const groups = {} as HandlerGroups;
  for (const name of HANDLER_GROUP_NAMES) {
    groups[name] = options.overrides?.[name] ?? fakeRoutes[name].map((route) => toHttpHandler(backend, route, options));
  }
  return groups;
}

/**
 * Every MSW handler of `backend`, in one array:
 *
 * ```ts
 * const server = setupServer(...createHandlers(backend, { baseUrl: 'http://localhost' }));
 * ```
 */
export function createHandlers(backend: FakeBackend, options: CreateHandlersOptions = {}): HttpHandler[] {
  const groups = createHandlerGroups(backend, options);
  return HANDLER_GROUP_NAMES.flatMap((name) => groups[name]);
}

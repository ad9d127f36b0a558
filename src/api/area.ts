/**
 * API areas built where they are used. Each area of the client (`claim`, `odata`, `crud`…) is a factory over one
 * {@link Transport}; {@link apiArea} builds an area the first time it is asked for on a transport and hands out the
 * same object after that. Code that needs one area imports just that area's factory, so a bundle carries only the
 * areas its code calls: the public form viewer reads through OData alone and never pays for the Claim area.
 */
import type { Transport } from './transport';

/** Builds one API area over a transport, e.g. `createODataApi`. */
export type ApiAreaFactory<T> = (transport: Transport) => T;

const built = new WeakMap<Transport, Map<ApiAreaFactory<unknown>, unknown>>();

/** The area `create` builds over `transport`: built on first use, then the same object for that transport. */
export function apiArea<T>(transport: Transport, create: ApiAreaFactory<T>): T {
  let areas = built.get(transport);
  if (!areas) {
    areas = new Map();
    built.set(transport, areas);
  }
  if (!areas.has(create)) areas.set(create, create(transport));
  return areas.get(create) as T;
}

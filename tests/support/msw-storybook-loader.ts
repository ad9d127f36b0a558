/**
 * msw-storybook-addon's `mswLoader` (CSF 3) for test files that share a worker and its modules (vitest.config.ts,
 * project `stories`), which vitest.config.ts puts in place of `msw-storybook-addon/csf3` there.
 *
 * The addon's loader calls the `setup` it is given once for the module's life and keeps the instance (a module-level
 * promise): in a worker running file after file, every later file's stories would reset and set the handlers of the
 * first file's MSW server, closed by then, and their requests would reach their own server without handlers. Here the
 * addon's own loader still does the work (reset the handlers, apply `parameters.msw`), on the one instance it keeps: an
 * object that hands each call to the server that this loader's `setup` answered last, i.e. the current file's.
 * Without a `setup` (Storybook's preview, the browser's worker) the addon's loader is returned as it is.
 */
// The addon's own file, by path: the bare specifier is this module in the projects that use it.
import { mswLoader as addonLoader } from '../../node_modules/msw-storybook-addon/build/csf3.mjs';

type Setup = Parameters<typeof addonLoader>[0];
type Instance = Awaited<ReturnType<NonNullable<Setup>>>;

let current: Instance | undefined;

/** The one instance the addon keeps: each property is read from the current server (methods bound to it). */
const forwarder = new Proxy({} as object, {
  get(_target, property) {
    if (!current) throw new Error('msw-storybook-loader: no MSW server given yet');
    const value: unknown = Reflect.get(current, property);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
  },
}) as Instance;

/** The addon's `mswLoader`, with the instance that `setup` answers taken afresh on every call. */
export function mswLoader(setup?: Setup): ReturnType<typeof addonLoader> {
  if (!setup) return addonLoader();
  const loader = addonLoader(() => forwarder);
  return async (context) => {
    current = await setup();
    return loader(context);
  };
}

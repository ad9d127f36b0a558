import { createRequire } from 'node:module';

/**
 * Makes jsdom drop the style sheet of a `<style>` element that leaves the document inside a removed subtree, as a
 * browser does (CSSOM: a style block's sheet goes when the element is no longer connected).
 *
 * Why: jsdom (29) removes a subtree, then tells each element in it that it was detached, and only afterwards forgets
 * the cached root of the subtree's descendants. A `<style>` below the removed node, told it was detached, drops its
 * sheet, asks `isConnected`, gets the stale cached answer (the document), and adds its sheet again. The sheet stays in
 * `document.styleSheets` for good, with its owner element, the whole removed subtree and, through React's properties
 * on those nodes, the unmounted component tree. Mantine renders such elements inside components (the responsive
 * variables of a SimpleGrid, `InlineStyles`), so every admin screen test left one or more behind: measured over
 * tests/admin/RoleManagement.test.tsx, 28 stale sheets and a heap after full GC growing from 80 MB to 408 MB over its
 * 34 tests (about 10 MB a test). Each stale sheet's rules were also matched against every element in every later
 * `getComputedStyle` (role queries, visibility checks, user-event's pointer checks), in that file and in every later
 * file of a worker that keeps its window.
 *
 * What changes: before a `<style>` element is told it was detached, the cached roots of it and its ancestors are
 * forgotten, so `isConnected` is computed from the tree as it now is. Nothing else: a style element that stays or
 * comes back in the document keeps or gets its sheet as before. If jsdom's internals are not shaped as expected,
 * nothing is patched. Returns whether the patch is in place.
 */
export function dropStyleSheetsOfRemovedSubtrees(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const require = nodeCreateRequire()(import.meta.url);
    const { domSymbolTree } = require('jsdom/lib/jsdom/living/helpers/internal-constants.js') as {
      domSymbolTree: { parent: (node: unknown) => Impl | null };
    };
    const probe = document.createElement('style');
    const implSymbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'impl');
    if (!implSymbol) return false;
    const probeImpl = (probe as unknown as Record<symbol, Impl | undefined>)[implSymbol];
    if (!probeImpl || !('_cachedRoot' in probeImpl)) return false;
    const proto = Object.getPrototypeOf(probeImpl) as StyleProto;
    if (proto[PATCHED]) return true;
    const original = proto._detach;
    if (typeof original !== 'function' || !Object.prototype.hasOwnProperty.call(proto, '_detach')) return false;
    // The required module must be the instance jsdom itself runs on (its tree keeps its links under its own symbol).
    const holder = document.createElement('div');
    holder.append(probe);
    if (domSymbolTree.parent(probeImpl) !== (holder as unknown as Record<symbol, Impl>)[implSymbol]) return false;

    proto._detach = function _detach(this: Impl) {
      this._cachedRoot = null;
      for (let node = domSymbolTree.parent(this); node; node = domSymbolTree.parent(node)) node._cachedRoot = null;
      return original.call(this);
    };
    proto[PATCHED] = true;
    return true;
  } catch {
    return false;
  }
}

const PATCHED = Symbol.for('ccq.tests.jsdom-style-sheets');

interface Impl {
  _cachedRoot: unknown;
}

interface StyleProto {
  _detach: (this: Impl) => unknown;
  [PATCHED]?: boolean;
}

/**
 * Node's own `createRequire`. In a VM pool (the test file's global is the window, in a context of its own), the
 * `node:module` a module imports loads CommonJS modules into that context: a second jsdom, not the one that built the
 * window. Node's own, from the process, loads the one that did.
 */
function nodeCreateRequire(): typeof createRequire {
  const own = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:module') as
    | { createRequire?: typeof createRequire }
    | undefined;
  return own?.createRequire ?? createRequire;
}

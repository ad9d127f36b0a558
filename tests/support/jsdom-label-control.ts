import { createRequire } from 'node:module';

/**
 * Makes jsdom's `HTMLLabelElement#control` (and so every `input.labels`) answer the same thing in linear rather than
 * quadratic time.
 *
 * Why: a role query computes the accessible name of every matching element; the name of a checkbox or input reads its
 * `labels`, and jsdom finds those by walking the whole document and asking every element for its label `control`. A
 * `<label for=…>` answers `control` by walking the whole document again to find the id. On a screen with a few hundred
 * labelled boxes and ~3,000 elements that is hundreds of millions of node visits per query: 5–10 s of a test's time
 * went there (measured with --cpu-prof), not into getComputedStyle.
 *
 * What stays exact: the answer is jsdom's own rule (first element in tree order of the label's root with that id, if
 * labelable; else the label's first labelable descendant), memoised per root and keyed on the root's mutation counter
 * (`_version`), which jsdom bumps on the root for every insertion, removal and attribute change below it — the same
 * key jsdom's own live `labels` NodeList uses to decide whether to look again. If jsdom's internals are not shaped as
 * expected, nothing is patched and the tests run as before, only slower.
 */
export function speedUpLabelControl(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const require = nodeCreateRequire()(import.meta.url);
    const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
      isLabelable: (node: unknown) => boolean;
    };
    const { domSymbolTree } = require('jsdom/lib/jsdom/living/helpers/internal-constants.js') as {
      domSymbolTree: { treeIterator: (root: unknown) => Iterable<Impl>; parent: (node: unknown) => unknown };
    };
    const probe = document.createElement('label');
    const implSymbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'impl');
    if (!implSymbol) return false;
    const probeImpl = (probe as unknown as Record<symbol, Impl | undefined>)[implSymbol];
    if (!probeImpl) return false;
    const proto = Object.getPrototypeOf(probeImpl) as object;
    const original = Object.getOwnPropertyDescriptor(proto, 'control')?.get;
    if (!original || typeof probeImpl._version !== 'number') return false;
    // The required module must be the instance jsdom itself runs on (its tree keeps its links under its own symbol).
    const holder = document.createElement('div');
    holder.append(probe);
    const holderImpl = (holder as unknown as Record<symbol, Impl>)[implSymbol];
    if (domSymbolTree.parent(probeImpl) !== holderImpl) return false;

    interface Impl {
      _version: number;
      nodeType: number;
      getRootNode(options: object): Impl;
      getAttributeNS(ns: string | null, name: string): string | null;
      hasAttributeNS(ns: string | null, name: string): boolean;
    }
    interface Entry {
      version: number;
      firstById: Map<string, Impl> | null;
      controls: Map<Impl, Impl | null>;
    }
    const byRoot = new WeakMap<Impl, Entry>();
    const entryFor = (root: Impl): Entry => {
      let entry = byRoot.get(root);
      if (!entry || entry.version !== root._version) {
        entry = { version: root._version, firstById: null, controls: new Map() };
        byRoot.set(root, entry);
      }
      return entry;
    };
    const firstById = (root: Impl, entry: Entry): Map<string, Impl> => {
      if (!entry.firstById) {
        const map = new Map<string, Impl>();
        for (const node of domSymbolTree.treeIterator(root)) {
          if (node.nodeType !== 1) continue;
          const id = node.getAttributeNS(null, 'id');
          if (id !== null && !map.has(id)) map.set(id, node);
        }
        entry.firstById = map;
      }
      return entry.firstById;
    };

    Object.defineProperty(proto, 'control', {
      configurable: true,
      get(this: Impl) {
        const root = this.getRootNode({});
        const entry = entryFor(root);
        const known = entry.controls.get(this);
        if (known !== undefined) return known;
        let control: Impl | null;
        if (this.hasAttributeNS(null, 'for')) {
          const forValue = this.getAttributeNS(null, 'for') ?? '';
          const target = forValue === '' ? undefined : firstById(root, entry).get(forValue);
          control = target && isLabelable(target) ? target : null;
        } else {
          control = (original.call(this) as Impl | null) ?? null;
        }
        entry.controls.set(this, control);
        return control;
      },
    });
    probe.remove();
    return true;
  } catch {
    return false;
  }
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

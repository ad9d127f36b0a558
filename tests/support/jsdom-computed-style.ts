/**
 * Makes jsdom's `getComputedStyle` answer the same thing with less work, in two places where role queries over large
 * Mantine screens spent their time (measured with --cpu-prof on tests/admin/RoleManagement):
 *
 * 1. Rules that cannot match are skipped before the selector engine is asked. jsdom computes an element's style by
 *    asking its selector engine, for every rule of its default stylesheet and the page's, whether the rule matches.
 *    jsdom's own pre-filter only knows ids, classes and type names, so about a dozen rules (`[hidden]:not(…)`,
 *    `[popover]:not(:popover-open)…`, `:root[data-mantine-color-scheme=…]`, `[dir]:dir(rtl), bdi:dir(rtl)`, the long
 *    `address, blockquote, …, div, …` list) went through the full engine for every element, each time the document
 *    changed: about half of a style computation. Here a selector list is read once into, per alternative, what its
 *    subject element must have (a type name, an attribute by name, being the root element); an alternative ending in
 *    a pseudo-element never applies (jsdom drops such matches). When the element lacks that for every alternative, the
 *    answer is "no match" without the engine; otherwise, or when the selector is anything this reader does not fully
 *    understand (escapes, namespaces, `:host`), the engine answers as before. Every condition is necessary, never
 *    sufficient: the shortcut can only say "no" where the engine says "no".
 *
 * 2. Repeated calls for the same element while nothing changed return the same declaration. jsdom keeps each element's
 *    computed declaration until the document next changes (it drops the whole cache on any insertion, removal,
 *    attribute, text or stylesheet change), but hands out a fresh copy on every call, built property by property (the
 *    copy was three quarters of a role query's style time on a settled screen). Here the copy is made once and handed
 *    out again while jsdom's cache still holds the same declaration for that element. Values are the same; what
 *    differs is that `getComputedStyle(el) === getComputedStyle(el)` while the document is unchanged (the declaration is
 *    read-only either way, and jsdom's is a snapshot, not live, in both cases).
 *
 * If jsdom's internals are not shaped as expected, nothing is patched and the tests run as before, only slower.
 * Returns a function that undoes the patch (for the test that compares both), or null when nothing was patched.
 */
export function speedUpComputedStyle(): (() => void) | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  // Files sharing a window run the setup again: patch once per window.
  const holder = window as unknown as Record<symbol, (() => void) | undefined>;
  const installed = holder[INSTALLED];
  if (installed) return installed;
  try {
    const implSymbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
    if (!implSymbol) return null;
    const docImpl = (document as unknown as Record<symbol, DocImpl | undefined>)[implSymbol];
    if (!docImpl || typeof docImpl._getDOMSelector !== 'function' || !(docImpl._styleCache instanceof WeakMap)) return null;
    const selector = docImpl._getDOMSelector();
    const originalCheck = selector.check;
    if (typeof originalCheck !== 'function' || !Object.prototype.hasOwnProperty.call(selector, 'check')) return null;
    const originalGetComputedStyle = window.getComputedStyle;

    const plans = new Map<string, Plan | null>();
    selector.check = (selectorText: string, node: ElementImpl, opt?: object) => {
      let plan = plans.get(selectorText);
      if (plan === undefined) {
        plan = planFor(selectorText);
        plans.set(selectorText, plan);
      }
      if (plan && node && node.nodeType === 1 && !plan.some((alternative) => mayMatch(alternative, node))) {
        return { match: false, ast: null, pseudoElement: null };
      }
      return originalCheck(selectorText, node, opt);
    };

    interface Handed {
      cache: WeakMap<object, object>;
      cached: object;
      declaration: CSSStyleDeclaration;
    }
    const handed = new WeakMap<object, Handed>();
    window.getComputedStyle = function getComputedStyle(element: Element, pseudoElement?: string | null) {
      const impl = element && (pseudoElement === undefined || pseudoElement === null || pseudoElement === '')
        ? (element as unknown as Record<symbol, ElementImpl | undefined>)[implSymbol]
        : undefined;
      const owner = impl?._ownerDocument;
      const cache = owner?._styleCache;
      const cached = cache?.get(impl as object);
      if (!impl || !cache || !cached) return originalGetComputedStyle.call(window, element, pseudoElement);
      const known = handed.get(impl);
      if (known && known.cache === cache && known.cached === cached) return known.declaration;
      const declaration = originalGetComputedStyle.call(window, element, pseudoElement);
      // jsdom's copy of a cached declaration: remember it while that declaration stays in the cache.
      if (cache.get(impl) === cached) handed.set(impl, { cache, cached, declaration });
      return declaration;
    };

    const undo = () => {
      selector.check = originalCheck;
      window.getComputedStyle = originalGetComputedStyle;
      holder[INSTALLED] = undefined;
    };
    holder[INSTALLED] = undo;
    return undo;
  } catch {
    return null;
  }
}

const INSTALLED = Symbol.for('ccq.tests.jsdom-computed-style');

interface DocImpl {
  _styleCache: WeakMap<object, object>;
  _getDOMSelector(): { check: (selector: string, node: ElementImpl, opt?: object) => unknown };
}
interface ElementImpl {
  nodeType: number;
  _localName: string;
  _attributeList: { _localName: string }[];
  _ownerDocument: DocImpl & { documentElement: ElementImpl | null };
}

/** What the subject of one alternative of a selector list must have; `never` for a pseudo-element's alternative. */
interface Needs {
  never: boolean;
  /** Lower-case type names, one of which the element must have (null: any). */
  types: Set<string> | null;
  /** Lower-case attribute names the element must all have. */
  attributes: string[];
  root: boolean;
}
type Plan = Needs[];

function mayMatch(needs: Needs, element: ElementImpl): boolean {
  if (needs.never) return false;
  if (needs.types && !needs.types.has(element._localName.toLowerCase())) return false;
  if (needs.root && element._ownerDocument.documentElement !== element) return false;
  for (const name of needs.attributes) {
    if (!element._attributeList.some((attribute) => attribute._localName.toLowerCase() === name)) return false;
  }
  return true;
}

/**
 * Whether the shortcut rules `selectorText` out for `element` without asking the selector engine (for tests: it may
 * only ever do so where the engine says "no match").
 */
export function shortcutRulesOut(selectorText: string, element: Element): boolean {
  const implSymbol = Object.getOwnPropertySymbols(element).find((s) => s.description === 'impl');
  const impl = implSymbol ? (element as unknown as Record<symbol, ElementImpl | undefined>)[implSymbol] : undefined;
  const plan = planFor(selectorText);
  return Boolean(impl && plan && !plan.some((alternative) => mayMatch(alternative, impl)));
}

/** Splits at `separator` outside brackets, parentheses and quotes; null when the text has escapes or is unbalanced. */
function splitTop(text: string, isSeparator: (char: string) => boolean): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\\') return null;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') {
      depth--;
      if (depth < 0) return null;
    } else if (depth === 0 && isSeparator(char)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quote) return null;
  parts.push(text.slice(start));
  return parts;
}

const TYPE = /^[a-zA-Z][a-zA-Z0-9-]*$/;

/**
 * Reads a selector list into what each alternative's subject must have; null (always ask the engine) for anything not
 * fully understood.
 */
export function planFor(selectorText: string): Plan | null {
  if (/[\\|]|:host|\/\*/.test(selectorText)) return null;
  const alternatives = splitTop(selectorText, (char) => char === ',');
  if (!alternatives) return null;
  const plan: Plan = [];
  for (const alternative of alternatives) {
    const trimmed = alternative.trim();
    if (!trimmed) return null;
    const compounds = splitTop(trimmed, (char) => char === ' ' || char === '>' || char === '+' || char === '~' || char === '\n' || char === '\t');
    if (!compounds) return null;
    const subject = compounds.filter((part) => part.trim() !== '').pop()?.trim();
    if (!subject) return null;
    const needs: Needs = { never: false, types: null, attributes: [], root: false };
    // The subject compound: an optional type or `*`, then simple selectors. Read what is required at its top level.
    let rest = subject;
    const leading = /^(\*|[a-zA-Z][a-zA-Z0-9-]*)/.exec(rest);
    if (leading) {
      if (leading[1] !== '*') needs.types = new Set([leading[1]!.toLowerCase()]);
      rest = rest.slice(leading[0].length);
    }
    while (rest) {
      if (rest.startsWith('::')) {
        // Only a plain pseudo-element at the very end (`::before`, `::backdrop`); `::slotted(…)` and the like: engine.
        if (!/^::[a-zA-Z-]+$/.test(rest)) return null;
        needs.never = true;
        break;
      }
      const simple = /^(\[[^\]]*\]|\.[a-zA-Z_-][\w-]*|#[a-zA-Z_-][\w-]*|:[a-zA-Z-]+(\((?:[^()]|\([^()]*\))*\))?)/.exec(rest);
      if (!simple) return null;
      const token = simple[0];
      if (token.startsWith('[')) {
        const name = /^\[\s*([a-zA-Z_][\w-]*)\s*(?:[~^$*]?=|\])/.exec(token)?.[1];
        if (!name) return null;
        needs.attributes.push(name.toLowerCase());
      } else if (token === ':root') {
        needs.root = true;
      } else if (/^:(is|where)\(/.test(token)) {
        const inner = splitTop(token.slice(token.indexOf('(') + 1, -1), (char) => char === ',');
        const names = inner?.map((part) => part.trim());
        if (names && names.every((name) => TYPE.test(name))) {
          const set = new Set(names.map((name) => name.toLowerCase()));
          needs.types = needs.types ? new Set([...needs.types].filter((name) => set.has(name))) : set;
        }
      }
      rest = rest.slice(token.length);
    }
    // A pseudo-element only in the middle (not the subject's end) is not understood: ask the engine.
    if (!needs.never && subject.includes('::')) return null;
    plan.push(needs);
  }
  return plan;
}

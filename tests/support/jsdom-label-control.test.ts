import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { shortcutRulesOut, speedUpComputedStyle } from './jsdom-computed-style';

// tests/setup.ts memoises jsdom's label `control` (see ./jsdom-label-control.ts). These check that every answer stays
// the one the HTML rule gives, through the mutations that change it, against a plain reference walk.

const labelable = (el: Element) =>
  ['button', 'meter', 'output', 'progress', 'select', 'textarea'].includes(el.localName) ||
  (el.localName === 'input' && (el as HTMLInputElement).type !== 'hidden');

function* inclusiveTree(root: Node): Generator<Element> {
  if (root instanceof Element) yield root;
  for (const child of Array.from(root.childNodes)) yield* inclusiveTree(child);
}

/** The HTML rule for a label's control, walked the slow way. */
function referenceControl(label: HTMLLabelElement): Element | null {
  if (label.hasAttribute('for')) {
    const id = label.getAttribute('for');
    if (id === '') return null;
    for (const el of inclusiveTree(label.getRootNode())) if (el.getAttribute('id') === id) return labelable(el) ? el : null;
    return null;
  }
  for (const el of inclusiveTree(label)) if (labelable(el)) return el;
  return null;
}

function expectSameAsReference(root: Node, { labelsLists = true } = {}) {
  const all = [...inclusiveTree(root)];
  const labels = all.filter((el): el is HTMLLabelElement => el.localName === 'label');
  for (const label of labels) expect(label.control).toBe(referenceControl(label));
  if (!labelsLists) return;
  for (const el of all.filter(labelable)) {
    const expected = labels.filter((label) => referenceControl(label) === el);
    expect([...((el as HTMLInputElement).labels ?? [])]).toEqual(expected);
  }
}

describe("jsdom's label control, memoised", () => {
  it('answers as the HTML rule does for `for`, nesting, duplicate ids and unlabelable targets', () => {
    document.body.innerHTML = `
      <label id="l1" for="a">A</label>
      <input id="a">
      <input id="a">
      <label for="h">hidden input</label><input id="h" type="hidden">
      <label for="d">a div</label><div id="d"></div>
      <label for="">empty for</label>
      <label for="missing">missing</label>
      <label>nested <span><input id="n1"></span><input id="n2"></label>
      <label>nested hidden first <input type="hidden"><select id="s"></select></label>
      <label for="n2">points at a nested one</label>
      <textarea id="t"></textarea><label for="t">after its control</label>`;
    expectSameAsReference(document);
  });

  it('follows every change that moves a label to another control', () => {
    document.body.innerHTML = `<label for="x">X</label><input id="x"><input id="y"><label>wrap <input id="z"></label>`;
    expectSameAsReference(document);
    const [forLabel, wrapLabel] = [...document.querySelectorAll('label')] as HTMLLabelElement[];
    const [x, y, z] = ['x', 'y', 'z'].map((id) => document.getElementById(id)!) as HTMLInputElement[];

    forLabel!.htmlFor = 'y';
    expectSameAsReference(document);
    expect(y!.labels).toHaveLength(1);
    y!.id = 'y2';
    expectSameAsReference(document);
    expect(forLabel!.control).toBeNull();
    x!.id = 'y';
    expectSameAsReference(document);
    expect(forLabel!.control).toBe(x);
    x!.type = 'hidden';
    expectSameAsReference(document);
    expect(forLabel!.control).toBeNull();
    x!.type = 'text';
    document.body.prepend(Object.assign(document.createElement('button'), { id: 'y' }));
    expectSameAsReference(document);
    expect(forLabel!.control?.localName).toBe('button');

    const first = document.createElement('input');
    wrapLabel!.prepend(first);
    expectSameAsReference(document);
    expect(wrapLabel!.control).toBe(first);
    first.remove();
    expectSameAsReference(document);
    expect(wrapLabel!.control).toBe(z);
    forLabel!.removeAttribute('for');
    expectSameAsReference(document);
  });

  it('answers within a detached tree and after the tree is attached', () => {
    const detached = document.createElement('div');
    detached.innerHTML = `<label for="q">Q</label><input id="q"><label>W <input id="w"></label>`;
    document.body.innerHTML = `<input id="q">`;
    expectSameAsReference(detached);
    const inner = detached.querySelector('input#q') as HTMLInputElement;
    expect(inner.labels).toHaveLength(1);
    document.body.append(detached);
    // jsdom keeps the root an element's `labels` list was first read under (here the detached div), so only the
    // controls are compared once it is attached; that list is jsdom's own and is not changed by the memo.
    expectSameAsReference(document, { labelsLists: false });
    const outer = document.body.firstElementChild as HTMLInputElement;
    expect([...(outer.labels ?? [])]).toEqual([detached.querySelector('label[for="q"]')]);
  });
});

// tests/setup.ts also shortcuts jsdom's getComputedStyle (see ./jsdom-computed-style.ts): rules that cannot match are
// skipped before the selector engine, and an unchanged element's declaration is handed out again. These check that
// the shortcut only ever rules out what the engine rules out, and that every computed value stays jsdom's own.
describe("jsdom's computed style, shortcut", () => {
  const defaultSheet = readFileSync(createRequire(import.meta.url).resolve('jsdom/lib/jsdom/browser/default-stylesheet.css'), 'utf8');
  /** Every selector of a stylesheet's text, inside @media blocks too. */
  const selectorsOf = (css: string) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const out: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) out.push(rule.selectorText);
        else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    walk(sheet.cssRules);
    return out;
  };
  const pageCss = `
    :root[data-mantine-color-scheme="light"], :host([data-mantine-color-scheme="light"]) { --x: 1px; color: rgb(1, 2, 3); }
    [hidden] { display: none !important; }
    [data-Mixed-Case] { visibility: hidden; }
    :is(ul, ol) :is(ul, ol) li { list-style-type: square; }
    section > [aria-hidden="true"], .box + p ~ span { display: none; }
    div[dir=rtl] bdi, bdi[dir] { unicode-bidi: isolate; }
    p::before, .box::after { content: "x"; display: none; }
    input:not([type=checkbox i]):is([data-a], [data-b]) { display: none; }
    svg [viewBox], foreignObject, custom-el[popover] { display: inline-block; }
    .__m__-_r_1_ { display: block; }
    @media (min-width: 1px) { [data-shown] { visibility: visible; } }
  `;
  const pageHtml = `
    <section><div aria-hidden="true">a</div><p hidden>b</p><p>c</p></section>
    <div class="box"></div><p>after box</p><span>sibling</span>
    <ul><li><ol><li>nested</li></ol></li></ul>
    <div dir="rtl"><bdi>x</bdi></div><bdi dir="ltr">y</bdi><bdi>z</bdi>
    <div data-mixed-case>m</div><div hidden="until-found">u</div><div popover>p</div><custom-el popover>c</custom-el>
    <input data-a><input type="checkbox" data-a><input type="CHECKBOX" data-b><input type="hidden">
    <svg viewBox="0 0 1 1"><foreignObject><div data-shown>f</div></foreignObject><g viewBox="0 0 2 2"></g></svg>
    <a href="#x">link</a><a>no link</a><dialog open>d</dialog><dialog>closed</dialog>
    <details><summary>s</summary>body</details><div class="__m__-_r_1_" data-shown>inline</div>`;
  const allElements = () => [document.documentElement, ...Array.from(document.documentElement.querySelectorAll('*'))];
  const computedValues = (el: Element) => {
    const declaration = getComputedStyle(el);
    const values = Array.from({ length: declaration.length }, (_, i) => declaration.item(i)).map(
      (property) => `${property}: ${declaration.getPropertyValue(property)}`,
    );
    for (const property of ['display', 'visibility', 'color', 'content', 'unicode-bidi', 'list-style-type', '--x'])
      values.push(`${property}: ${declaration.getPropertyValue(property)}`);
    return values.join('; ');
  };
  const setUp = () => {
    document.head.querySelectorAll('style[data-shortcut-test]').forEach((style) => style.remove());
    const style = document.createElement('style');
    style.dataset.shortcutTest = '';
    style.textContent = pageCss;
    document.head.append(style);
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
    document.body.innerHTML = pageHtml;
    return () => {
      style.remove();
      document.documentElement.removeAttribute('data-mantine-color-scheme');
    };
  };

  it('is installed here, and rules out rules the engine would match on no element', () => {
    expect(speedUpComputedStyle()).not.toBeNull();
    const tearDown = setUp();
    const selectors = [...selectorsOf(defaultSheet), ...selectorsOf(pageCss)];
    expect(selectors.length).toBeGreaterThan(100);
    let ruledOut = 0;
    for (const selector of selectors) {
      for (const el of allElements()) {
        if (!shortcutRulesOut(selector, el)) continue;
        ruledOut++;
        // A pseudo-element's rule never applies in jsdom; any other rule the shortcut skips must not match.
        if (!/::[a-zA-Z-]+$/.test(selector)) expect({ selector, el: el.outerHTML.slice(0, 60), matches: el.matches(selector) }).toMatchObject({ matches: false });
      }
    }
    // The shortcut does rule things out (else it would save nothing): `[hidden]` for a plain <div>, `:root…` below it.
    expect(ruledOut).toBeGreaterThan(1000);
    const plain = document.querySelector('section > p:not([hidden])')!;
    expect(shortcutRulesOut('[hidden]:not([hidden=until-found i]):not(embed)', plain)).toBe(true);
    expect(shortcutRulesOut(':root[data-mantine-color-scheme="light"], :host([data-mantine-color-scheme="light"])', plain)).toBe(false);
    expect(shortcutRulesOut(':root[data-mantine-color-scheme="light"]', plain)).toBe(true);
    expect(shortcutRulesOut(':root[data-mantine-color-scheme="light"]', document.documentElement)).toBe(false);
    expect(shortcutRulesOut('[data-Mixed-Case]', document.querySelector('[data-mixed-case]')!)).toBe(false);
    expect(shortcutRulesOut('svg [viewBox]', document.querySelector('g')!)).toBe(false);
    expect(shortcutRulesOut('address, blockquote, div', document.querySelector('span')!)).toBe(true);
    expect(shortcutRulesOut('p::before', document.querySelector('p')!)).toBe(true);
    tearDown();
  });

  it("gives every element the values jsdom's own getComputedStyle gives, before and after changes", () => {
    const undo = speedUpComputedStyle();
    expect(undo).not.toBeNull();
    const tearDown = setUp();
    // jsdom hands out its cached declaration on the first call after a change and a copy of it on later calls (a copy
    // may list longhands in another order, or `0` as `0px`): compare the first calls, then the later ones.
    const dropCache = () => document.body.toggleAttribute('data-shortcut-test');
    const snapshot = () => {
      dropCache();
      const first = allElements().map((el) => `${el.localName}: ${computedValues(el)}`);
      const later = allElements().map((el) => `${el.localName}: ${computedValues(el)}`);
      return { first, later };
    };
    const change = [
      () => document.querySelector('section > p')!.removeAttribute('hidden'),
      () => document.querySelector('bdi:not([dir])')!.setAttribute('dir', 'rtl'),
      () => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
      () => document.querySelector('[data-mixed-case]')!.append(Object.assign(document.createElement('p'), { hidden: true })),
      () => (document.head.querySelector('style[data-shortcut-test]') as HTMLStyleElement).sheet!.insertRule('li { display: none; }'),
    ];
    try {
      for (const step of [() => {}, ...change]) {
        step();
        const fast = snapshot();
        // The same element, unchanged, gets its declaration again; its values are the same ones.
        const box = document.querySelector('.box')!;
        expect(getComputedStyle(box)).toBe(getComputedStyle(box));
        undo!();
        const plain = snapshot();
        speedUpComputedStyle();
        expect(fast).toEqual(plain);
      }
      // A change is seen at once: the handed-out declaration is dropped with jsdom's cache.
      const p = document.querySelector('section > p')!;
      const shown = getComputedStyle(p);
      expect(shown.display).toBe('block');
      p.setAttribute('hidden', '');
      expect(getComputedStyle(p)).not.toBe(shown);
      expect(getComputedStyle(p).display).toBe('none');
    } finally {
      speedUpComputedStyle();
      tearDown();
    }
  });
});

import { describe, expect, it } from 'vitest';

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

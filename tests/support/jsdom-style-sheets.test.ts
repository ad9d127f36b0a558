import { beforeAll, describe, expect, it } from 'vitest';
import { dropStyleSheetsOfRemovedSubtrees } from './jsdom-style-sheets';

// tests/setup.ts has jsdom drop the sheet of a <style> that leaves the document inside a removed subtree (see
// ./jsdom-style-sheets.ts). Called here too, so that these run with the patch under CCQ_PLAIN_JSDOM as well.

const sheetOwners = () => [...document.styleSheets].map((sheet) => sheet.ownerNode);

/** A section holding a div holding a <style> that paints `.probe` red, and a `.probe` paragraph beside it. */
function subtree() {
  const section = document.createElement('section');
  const inner = document.createElement('div');
  const style = document.createElement('style');
  style.textContent = '.probe { color: rgb(255, 0, 0); }';
  inner.append(style);
  section.append(inner);
  const probe = document.createElement('p');
  probe.className = 'probe';
  document.body.append(probe);
  return { section, inner, style, probe };
}

describe('style sheets of removed subtrees (jsdom)', () => {
  beforeAll(() => {
    expect(dropStyleSheetsOfRemovedSubtrees()).toBe(true);
  });

  it('drops the sheet of a <style> removed with an ancestor, and its rules stop applying', () => {
    const { section, style, probe } = subtree();
    document.body.append(section);
    expect(sheetOwners()).toEqual([style]);
    expect(getComputedStyle(probe).color).toBe('rgb(255, 0, 0)');
    section.remove();
    expect(style.isConnected).toBe(false);
    expect(sheetOwners()).toEqual([]);
    expect(style.sheet).toBeNull();
    expect(getComputedStyle(probe).color).not.toBe('rgb(255, 0, 0)');
    probe.remove();
  });

  it('drops it however deep the <style> was, and when only its parent is removed', () => {
    const { section, inner, style, probe } = subtree();
    const outer = document.createElement('main');
    outer.append(section);
    document.body.append(outer);
    expect(sheetOwners()).toEqual([style]);
    inner.remove();
    expect(sheetOwners()).toEqual([]);
    section.append(inner);
    expect(sheetOwners()).toEqual([style]);
    outer.remove();
    expect(sheetOwners()).toEqual([]);
    probe.remove();
  });

  it('gives the sheet back when the subtree comes back, as before', () => {
    const { section, style, probe } = subtree();
    document.body.append(section);
    section.remove();
    document.body.append(section);
    expect(sheetOwners()).toEqual([style]);
    expect(getComputedStyle(probe).color).toBe('rgb(255, 0, 0)');
    section.remove();
    probe.remove();
  });

  it('keeps the sheets of <style> elements that stay, and drops one removed itself, as before', () => {
    const { section, style, probe } = subtree();
    const kept = document.createElement('style');
    kept.textContent = '.probe { font-weight: 700; }';
    document.head.append(kept);
    document.body.append(section);
    expect(sheetOwners()).toEqual([kept, style]);
    style.remove();
    expect(sheetOwners()).toEqual([kept]);
    section.remove();
    expect(sheetOwners()).toEqual([kept]);
    expect(getComputedStyle(probe).fontWeight).toBe('700');
    kept.remove();
    probe.remove();
    expect(sheetOwners()).toEqual([]);
  });

  it('is patched once however often it is called (files sharing a window run the setup again)', () => {
    expect(dropStyleSheetsOfRemovedSubtrees()).toBe(true);
    const { section, style, probe } = subtree();
    document.body.append(section);
    expect(sheetOwners()).toEqual([style]);
    section.remove();
    expect(sheetOwners()).toEqual([]);
    probe.remove();
  });
});

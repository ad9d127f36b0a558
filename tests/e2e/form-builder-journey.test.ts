import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { defaultLabels as L, fillLabel } from '../../src/query/labels';
import { newPage, signInAtProvider, startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';

// The form builder's journey on the real server, in Chromium. The building part uses the keyboard only (Tab to reach
// a control, Enter / Space / arrows / typing to use it; no click): a new form with two pages added, a repeatable
// section, and a field shown only when another is answered; a step undone and redone (Ctrl+Z, Ctrl+Shift+Z); saved
// as a public form. A visitor opens its public link and fills it in. Then a label is changed and saved again: a new
// version is current, the renamed question keeps its data path (a visitor's answer in version 2 lands where version 1's
// did), the form's stable link (read off the form manager) serves version 2, and the filled-in instance still opens in
// its own version with the old label.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

let currentStep = '';
const journeyStarted = Date.now();
let tabsPressed = 0;
/** Names the step the journey is at, so a failure says where it stopped (E2E_STEPS=1 prints each with its time and the Tab presses so far). */
const step = (name: string) => {
  currentStep = name;
  if (process.env.E2E_STEPS) process.stderr.write(`[journey ${((Date.now() - journeyStarted) / 1000).toFixed(1)} s, ${tabsPressed} tabs] ${name}\n`);
};

/**
 * Presses Tab until `target` has the focus, or Shift+Tab while the target comes before the focus in the page (as a
 * person goes back to a control above rather than round the whole page); fails after `max` presses. The way is read
 * again before each press: the builder moves the focus itself a moment after some steps (to a new item after 'Add').
 */
async function tabTo(page: Page, target: Locator, { max = 250 } = {}): Promise<void> {
  // The target is found once and held: finding it by role again after every Tab made the page compute the
  // accessibility tree of the whole builder each time. A re-render that replaces the element finds it again.
  let held = await target.elementHandle({ timeout: 15_000 });
  let found = 1;
  try {
    for (let i = 0; i < max; i++) {
      const way = await held.evaluate((el) => {
        if (!el.isConnected) return null;
        const focus = document.activeElement;
        if (focus && (el === focus || el.contains(focus))) return 'here';
        if (!focus || focus === document.body) return 'Tab';
        return focus.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? 'Shift+Tab' : 'Tab';
      });
      if (way === null && found < 20) {
        await held.dispose();
        held = await target.elementHandle({ timeout: 15_000 });
        found++;
        i--;
        continue;
      }
      if (way === 'here') return;
      if (i % 50 === 49) step(`${currentStep} (tab ${i + 1})`);
      await page.keyboard.press(way ?? 'Tab');
      tabsPressed++;
    }
  } finally {
    await held.dispose().catch(() => undefined);
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Tab to a control and press a key on it. */
async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tab to a text box, select what it holds and type `text` over it. */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  // The builder's Properties pane follows a new selection a moment later and takes no input until then.
  await page.locator('[data-builder-panel][aria-busy]').waitFor({ state: 'detached', timeout: 15_000 });
  await tabTo(page, target);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

/** Tab to a Mantine select, open it with the keyboard and choose the option named `option`. */
async function choose(page: Page, target: Locator, option: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  for (let i = 0; i < 50; i++) {
    const selected = listbox.locator('[data-combobox-selected]');
    if ((await selected.count()) && (await selected.innerText()).trim() === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/** Whether `target` has the focus, or holds what has it. */
function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/**
 * Moves the focus to an item of the canvas by keyboard: the canvas's items are one tab stop, so Tab into them, then
 * Home and the Down arrow until `item` has the focus; fails after `max` presses.
 */
async function arrowTo(page: Page, item: Locator, { max = 100 } = {}): Promise<void> {
  await tabTo(page, page.getByRole('toolbar', { name: L.fbCanvasItems }));
  await item.waitFor({ timeout: 15_000 });
  if (await hasFocus(item)) return;
  await page.keyboard.press('Home');
  for (let i = 0; i < max; i++) {
    if (await hasFocus(item)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrow keys never reached ${String(item)}`);
}

/**
 * Opens a canvas item's actions menu with the keyboard (the item, then the Right arrow to its actions button, Enter)
 * and chooses the entry named `entry` (arrow keys, then Enter).
 */
async function menuItem(page: Page, item: Locator, menuButton: Locator, entry: string): Promise<void> {
  await arrowTo(page, item);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => hasFocus(menuButton)).toBe(true);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  // The focus in the menu ('' on the menu itself), or null while it is still elsewhere: the menu takes the focus once
  // it has opened, and an arrow pressed before that goes to the button, as a person's would on a slow machine.
  const focused = () =>
    page.evaluate(() => (document.activeElement?.closest('[role="menu"]') ? (document.activeElement.getAttribute('role') === 'menu' ? '' : (document.activeElement.textContent?.trim() ?? '')) : null));
  await expect.poll(focused, { message: 'the open menu takes the focus' }).not.toBeNull();
  let reached = (await focused()) === entry;
  for (let i = 0; i < 12 && !reached; i++) {
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    // The next entry takes the focus a moment later on a busy machine.
    await page
      .waitForFunction((was) => (document.activeElement?.textContent?.trim() ?? '') !== was, before, { timeout: 2_000 })
      .catch(() => undefined);
    reached = (await focused()) === entry;
  }
  if (!reached) throw new Error(`The menu's entry '${entry}' never took the focus`);
  await page.keyboard.press('Enter');
}

/** The file the visitor attaches: a real PNG. */
const PAYSLIP = new Uint8Array(readFileSync(new URL('../fixtures/files/tiny.png', import.meta.url)));

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await storedAccessToken(page);
  const response = await fetch(`${stack.url}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('the form builder, end to end', () => {
  // One journey in steps, each going on from where the one before left the builder (and failing when that one did):
  // a form built by keyboard, saved and published, filled in by a visitor, then changed into a new version.
  let admin: Awaited<ReturnType<typeof newPage>>;
  let page: Page;
  let palette: Locator;
  let properties: Locator;
  let canvas: Locator;
  let label: Locator;
  const add = (name: string) =>
    palette.getByRole('button', {
      name: fillLabel(L.fbAddNamed, { name }),
      exact: true,
    });
  /**
   * Adds an entry of the palette by keyboard: the palette is one tab stop (a vertical toolbar), so Tab into it, then
   * Home, Right to the entry's 'Add' and Down until the entry's 'Add' has the focus; Enter adds it.
   */
  async function addByKeyboard(name: string): Promise<void> {
    const target = add(name);
    await tabTo(page, palette);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 80 && !(await hasFocus(target)); i++) await page.keyboard.press('ArrowDown');
    if (!(await hasFocus(target))) throw new Error(`The palette's 'Add ${name}' never took the focus`);
    await page.keyboard.press('Enter');
  }
  let formId = '';
  let v1 = '';
  let visitor: Awaited<ReturnType<typeof newPage>> | undefined;
  let instance: { formInstanceId: string; data: Record<string, unknown> };
  let versions: { formSchemaId: string; version: number }[] = [];

  let stoppedAt = '';
  /** Runs one step of the journey: not after a step that failed, and a failure says where the journey stopped. */
  async function journey(run: () => Promise<void>): Promise<void> {
    if (stoppedAt) throw new Error(`An earlier step of the journey failed (at: ${stoppedAt})`);
    try {
      await run();
    } catch (error) {
      stoppedAt = currentStep;
      if (process.env.E2E_STEPS) await page.screenshot({ path: '/tmp/f-journey.png', fullPage: true }).catch(() => {});
      throw new Error(`The journey stopped at: ${currentStep}`, {
        cause: error,
      });
    }
  }

  beforeAll(async () => {
    admin = await newPage(stack.browser);
    page = admin.page;
    palette = page.getByRole('navigation', { name: L.fbPalette });
    properties = page.getByRole('complementary', {
      name: L.fbProperties,
    });
    canvas = page.getByRole('region', { name: L.fbCanvas });
    label = properties.getByRole('textbox', { name: /^Label/ });
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it('the administrator signs in to the form builder', () =>
    journey(async () => {
      await page.goto(`${stack.url}/admin/form-builder/`);
      await signInAtProvider(page, 'admin', 'admin-password');
      step('sign in');
      await page.getByRole('heading', { level: 1, name: L.fbTitleNew }).waitFor({ timeout: 30_000 });
    }));

  it('builds page 1 by keyboard: a name and a nickname', () =>
    journey(async () => {
      step('page 1 fields');
      // Page 1: a name, and a nickname shown only once the name is answered.
      await addByKeyboard('Short text');
      await typeInto(page, label, 'Full name');
      await addByKeyboard('Short text');
      await typeInto(page, label, 'Nickname');
    }));

  it('shows the nickname only once the name is answered (a rule, set by keyboard)', () =>
    journey(async () => {
      step('rule');
      await press(page, properties.getByRole('button', { name: L.reAddRule }).first());
      await choose(page, properties.getByLabel(L.reField, { exact: true }).first(), 'Full name');
      await choose(page, properties.getByLabel(L.reOperator, { exact: true }).first(), L.reOpNotEmpty);
    }));

  it('shows another item in the properties from its top, after the properties were scrolled down', () =>
    journey(async () => {
      step('properties from the top');
      const scrolled = await properties.evaluate((pane) => {
        pane.scrollTop = pane.scrollHeight;
        return pane.scrollTop;
      });
      // The nickname's properties, with its rule, are taller than the pane.
      expect(scrolled).toBeGreaterThan(0);
      await canvas.getByRole('button', { name: fillLabel(L.fbFieldNamed, { name: 'Full name' }), exact: true }).click();
      await expect.poll(() => properties.locator('[data-builder-label]').inputValue()).toBe('Full name');
      expect(await properties.evaluate((pane) => pane.scrollTop)).toBe(0);
      // Back to the nickname, where the journey was.
      await canvas.getByRole('button', { name: fillLabel(L.fbFieldNamed, { name: 'Nickname' }), exact: true }).click();
      await expect.poll(() => properties.locator('[data-builder-label]').inputValue()).toBe('Nickname');
    }));

  it('adds a section inside the first section, with a field of its own', () =>
    journey(async () => {
      step('section inside a section');
      // A section inside the first section (its menu's 'Add section inside'), with a field of its own.
      await menuItem(
        page,
        canvas.getByRole('button', { name: 'Section Section 1', exact: true }),
        canvas.getByRole('button', { name: fillLabel(L.fbActionsFor, { name: 'Section Section 1' }), exact: true }),
        L.fbAddSectionInside,
      );
      await canvas.getByRole('heading', { name: 'Section 2', level: 4 }).waitFor();
      await addByKeyboard('Short text');
      await typeInto(page, label, 'Middle name');
      await expect
        .poll(() =>
          canvas
            .getByRole('button', { name: fillLabel(L.fbFieldNamed, { name: 'Middle name' }), exact: true })
            .evaluate((el) => el.closest('[data-builder-section]')?.querySelector('h4')?.textContent ?? null),
        )
        .toBe('Section 2');
    }));

  it('adds two pages, the second with a repeatable section', () =>
    journey(async () => {
      step('pages and repeatable section');
      // Two pages more: the second with a repeatable section of jobs, the third with a comment.
      await addByKeyboard(L.fbPage);
      await addByKeyboard(L.fbRepeatableSection);
      await addByKeyboard('Short text');
      await typeInto(page, label, 'Employer');
      // A section inside the repeatable section (its menu's 'Add section inside'), with a field of its own: each job
      // holds it. The sections so far are page 1's two, page 2's first and the repeatable one: this is the fifth.
      await menuItem(
        page,
        canvas.getByRole('button', { name: fillLabel(L.fbSectionNamed, { name: L.fbNewRepeatableTitle }), exact: true }),
        canvas.getByRole('button', { name: fillLabel(L.fbActionsFor, { name: fillLabel(L.fbSectionNamed, { name: L.fbNewRepeatableTitle }) }), exact: true }),
        L.fbAddSectionInside,
      );
      await canvas.getByRole('heading', { name: 'Section 5' }).waitFor();
      await addByKeyboard('Short text');
      await typeInto(page, label, 'Role');
      await expect
        .poll(() =>
          canvas
            .getByRole('button', { name: fillLabel(L.fbFieldNamed, { name: 'Role' }), exact: true })
            .evaluate((el) => el.closest('[data-builder-section]')?.parentElement?.closest('[data-builder-section]')?.querySelector('h3, h4')?.textContent ?? null),
        )
        .toBe(L.fbNewRepeatableTitle);
      await addByKeyboard(L.fbPage);
    }));

  it('adds a long text to the third page, undone and redone, and names it', () =>
    journey(async () => {
      step('undo and redo');
      // A long text added to the third page; undone (Ctrl+Z, the focus on the palette's button), then redone. The add
      // is one step: exactly one Ctrl+Z takes it back and one Ctrl+Shift+Z brings it back.
      const longText = canvas.getByRole('button', { name: fillLabel(L.fbFieldNamed, { name: 'Long text' }), exact: true });
      await addByKeyboard('Long text');
      await expect.poll(() => longText.count()).toBe(1);
      await page.keyboard.press('Control+z');
      await expect.poll(() => longText.count()).toBe(0);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => longText.count()).toBe(1);
      // The long text chosen on the canvas (arrow keys, Enter), then its label in Properties.
      await arrowTo(page, longText);
      await page.keyboard.press('Enter');
      await properties.getByRole('region', { name: fillLabel(L.bpFieldRegion, { label: 'Long text' }) }).waitFor();
      await typeInto(page, label, 'Comments');
    }));

  it('adds a rating of 7 stars after the comments on the third page', () =>
    journey(async () => {
      step('rating');
      // Added with the comments selected: right after them, on the third page. Its number of stars is a property.
      await addByKeyboard(L.fbWidget_rating);
      await typeInto(page, label, 'Satisfaction');
      await choose(page, properties.getByLabel(L.bpStars, { exact: true }), '7');
      const third = canvas.locator('[data-builder-page]').nth(2);
      await expect
        .poll(() => third.locator('[data-builder-field]').evaluateAll((items) => items.map((el) => el.getAttribute('aria-label'))))
        .toEqual([fillLabel(L.fbFieldNamed, { name: 'Comments' }), fillLabel(L.fbFieldNamed, { name: 'Satisfaction' })]);
    }));

  it('adds a file upload after the rating on the third page', () =>
    journey(async () => {
      step('file upload');
      await addByKeyboard(L.fbWidget_file);
      await typeInto(page, label, 'Payslip');
      // With the page scrolled to the end of the canvas, the palette and the properties stay in view beside it, below
      // the header, each scrolling on its own.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const viewport = page.viewportSize()!;
      for (const pane of [palette, properties]) {
        const box = (await pane.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(50);
        expect(box.y).toBeLessThan(120);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const third = canvas.locator('[data-builder-page]').nth(2);
      await expect
        .poll(() => third.locator('[data-builder-field]').evaluateAll((items) => items.map((el) => el.getAttribute('aria-label'))))
        .toEqual([fillLabel(L.fbFieldNamed, { name: 'Comments' }), fillLabel(L.fbFieldNamed, { name: 'Satisfaction' }), fillLabel(L.fbFieldNamed, { name: 'Payslip' })]);
    }));

  it('saves it as a new public form: version 1, three pages', () =>
    journey(async () => {
      step('save new form');
      // Save as a new public form.
      await press(page, page.getByRole('toolbar', { name: L.fbToolbar }).getByRole('button', { name: L.builderSave, exact: true }));
      const dialog = page.getByRole('dialog', { name: L.builderSaveDialogNew });
      await dialog.waitFor();
      await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'Builder journey');
      await press(page, dialog.getByRole('switch', { name: /^Make public/ }), 'Space');
      await press(page, dialog.getByRole('button', { name: L.builderSaveConfirm, exact: true }));
      await page
        .getByText(fillLabel(L.builderSavedNew, { name: 'Builder journey' }))
        .first()
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(() => new URL(page.url()).searchParams.get('formId'), {
          timeout: 15_000,
        })
        .toMatch(/^[0-9a-f-]{36}$/);
      formId = new URL(page.url()).searchParams.get('formId') ?? '';

      const form = (await apiGet<{ value: { currentFormSchemaId: string }[] }>(page, `/odata/FormOData?$filter=formId eq ${formId}`)).value[0]!;
      v1 = form.currentFormSchemaId;
      const schema1 = (
        await apiGet<{
          value: {
            version: number;
            isPublic: boolean;
            layout: { pages: unknown[] };
          }[];
        }>(page, `/odata/FormSchemaOData?$filter=formSchemaId eq ${v1}`)
      ).value[0]!;
      expect(schema1).toMatchObject({ version: 1, isPublic: true });
      expect(schema1.layout.pages).toHaveLength(3);
      // Every field is the one meant, where it was meant, with the path its label gave it: no step changed another.
      type Section = { title?: string; fields: { label: string; path: string; widget: string }[]; sections?: Section[] };
      const fieldsOf = (section: Section): string[] => [
        ...section.fields.map((f) => `${section.title ?? ''}: ${f.label} ${f.widget} ${f.path}`),
        ...(section.sections ?? []).flatMap(fieldsOf),
      ];
      expect((schema1.layout.pages as { sections: Section[] }[]).map((p) => p.sections.flatMap(fieldsOf))).toEqual([
        ['Section 1: Full name text /fullName', 'Section 1: Nickname text /nickname', 'Section 2: Middle name text /middleName'],
        [`${L.fbNewRepeatableTitle}: Employer text /employer`, 'Section 5: Role text /role'],
        ['Section 1: Comments textarea /comments', 'Section 1: Satisfaction rating /satisfaction', 'Section 1: Payslip file /payslip'],
      ]);
    }));

  it('a visitor opens its public link and fills it in', () =>
    journey(async () => {
      step('visitor fills in');
      // A visitor opens the public link and fills it in.
      visitor = await newPage(stack.browser);
      const v = visitor.page;
      await v.goto(`${stack.url}/form-instance/${v1}?mode=edit`);
      await v.getByRole('textbox', { name: /Full name/ }).fill('Ada Lovelace');
      await v.getByRole('textbox', { name: /Nickname/ }).fill('Ada');
      // The section inside the first one is shown in it, its heading one level down.
      const outer = await v.getByRole('heading', { name: 'Section 1' }).first().evaluate((h) => Number(h.tagName.slice(1)));
      expect(await v.getByRole('heading', { name: 'Section 2', level: outer + 1 }).count()).toBe(1);
      await v.getByRole('textbox', { name: /Middle name/ }).fill('Augusta');
      await v.getByRole('button', { name: /Next/ }).click();
      await v.getByRole('button', { name: /Add/ }).first().click();
      await v
        .getByRole('textbox', { name: /Employer/ })
        .first()
        .fill('Analytical Engines Ltd');
      await v.getByRole('textbox', { name: /Role/ }).first().fill('Programmer');
      await v.getByRole('button', { name: /Next/ }).click();
      await v.getByRole('textbox', { name: /Comments/ }).fill('Looking forward to it.');
      // The rating by keyboard: from its radio of no star, the Right arrow stores each star it reaches.
      const rating = v.getByRole('group', { name: /Satisfaction/ });
      await rating.getByRole('radio', { name: 'Not answered' }).focus();
      for (let i = 0; i < 4; i++) await v.keyboard.press('ArrowRight');
      await expect.poll(() => rating.getByRole('radio', { name: '4 of 7 stars' }).isChecked()).toBe(true);
      // The file upload: the picker's input takes the file (as the browser's dialog would), and the visitor presses
      // Submit while it is still uploading: the submit waits for it, so the stored answers hold the file (checked below).
      await v.locator('input[type=file][aria-label="Payslip"]').setInputFiles({ name: 'payslip.png', mimeType: 'image/png', buffer: Buffer.from(PAYSLIP) });
      await v.getByRole('button', { name: /Submit/ }).click();
      await v.getByText(L.formSubmittedTitle).first().waitFor({ timeout: 30_000 });
      await v.getByText(/payslip\.png \(93 B\)/).first().waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await apiGet<{ value: unknown[] }>(page, `/odata/FormInstanceOData?$filter=formSchemaId eq ${v1}`)).value.length, {
          timeout: 15_000,
        })
        .toBe(1);
      instance = (
        await apiGet<{
          value: { formInstanceId: string; data: Record<string, unknown> }[];
        }>(page, `/odata/FormInstanceOData?$filter=formSchemaId eq ${v1}`)
      ).value[0]!;
      expect(JSON.stringify(instance.data)).toContain('Analytical Engines Ltd');
      expect(instance.data).toMatchObject({ middleName: 'Augusta', satisfaction: 4, payslip: [{ name: 'payslip.png', size: PAYSLIP.length, type: 'image/png' }] });
      // Staff download the stored file: the same bytes, its type and name.
      const [stored] = instance.data.payslip as { fileId: string }[];
      const download = await fetch(`${stack.url}/api/FormFiles/Download?fileId=${stored?.fileId ?? ''}`, { headers: { Authorization: `Bearer ${await storedAccessToken(page)}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(download.headers.get('content-disposition')).toContain('filename="payslip.png"');
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(PAYSLIP))).toBe(true);
      expect(JSON.stringify(instance.data)).toContain('"role":"Programmer"');
      expect(visitor.errors).toEqual([]);
    }));

  it('a changed label saved again makes version 2, and the renamed question keeps its data path', () =>
    journey(async () => {
      step('second save');
      // A label changed and saved again: the dialog says the filled-in form keeps version 1; version 2 is current.
      await arrowTo(page, canvas.getByRole('button', { name: fillLabel(L.fbFieldNamed, { name: 'Full name' }), exact: true }));
      await page.keyboard.press('Enter');
      // The property pane follows the selection a moment later: type once it shows the chosen field. Its label box
      // gets the focus directly: tabbing there would pass (and select) every field after this one on the canvas.
      await properties.getByRole('region', { name: fillLabel(L.bpFieldRegion, { label: 'Full name' }) }).waitFor();
      await label.focus();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Your full name');
      await press(page, page.getByRole('toolbar', { name: L.fbToolbar }).getByRole('button', { name: L.builderSave, exact: true }));
      const second = page.getByRole('dialog');
      await second.getByText(/1 filled-in form uses version 1\. Saving makes a new version, version 2/).waitFor({ timeout: 15_000 });
      await press(page, second.getByRole('button', { name: L.builderSaveConfirm, exact: true }));
      await page
        .getByText(
          fillLabel(L.builderSavedNewVersion, {
            name: 'Builder journey',
            version: 2,
          }),
        )
        .first()
        .waitFor({ timeout: 30_000 });
      versions = (
        await apiGet<{ value: { formSchemaId: string; version: number }[] }>(
          page,
          `/odata/FormSchemaOData?$filter=formId eq ${formId}&$orderby=version`,
        )
      ).value;
      expect(versions.map((s) => s.version)).toEqual([1, 2]);
      const current = (await apiGet<{ value: { currentFormSchemaId: string }[] }>(page, `/odata/FormOData?$filter=formId eq ${formId}`)).value[0]!;
      expect(current.currentFormSchemaId).toBe(versions[1]!.formSchemaId);

      step('renamed field keeps its path');
      // 'Full name' was saved before it became 'Your full name': version 2 keeps its path, so a visitor's answer to
      // the renamed question is stored where version 1's answers are.
      const v2 = versions[1]!.formSchemaId;
      const schema2 = (await apiGet<{ value: { layout: { pages: { sections: { fields: { label: string; path: string }[] }[] }[] } }[] }>(page, `/odata/FormSchemaOData?$filter=formSchemaId eq ${v2}`)).value[0]!;
      const renamed = schema2.layout.pages.flatMap((p) => p.sections.flatMap((x) => x.fields)).find((f) => f.label === 'Your full name');
      expect(renamed?.path).toBe('/fullName');
    }));

  it("the form's stable link serves version 2", () =>
    journey(async () => {
      step('stable link serves version 2');
      const v2 = versions[1]!.formSchemaId;
      // The form manager hands out the form's stable link (and its QR code); opened after version 2 was published, it
      // serves version 2, and keeps its own address.
      await page.goto(`${stack.url}/admin/form-manager/${formId}`);
      const publicLink = page.getByRole('region', { name: L.fmPublicLink });
      const stableUrl = `${stack.url}/form/${formId}?mode=edit`;
      await publicLink.getByRole('link', { name: stableUrl, exact: true }).waitFor({ timeout: 30_000 });
      expect(await publicLink.getByRole('img', { name: L.fmQrCode }).count()).toBe(1);
      await publicLink.getByRole('link', { name: `${stack.url}/form-instance/${v2}?mode=edit`, exact: true }).waitFor({ timeout: 15_000 });
      const second2 = await newPage(stack.browser);
      const w = second2.page;
      await w.goto(stableUrl);
      await w.getByRole('textbox', { name: /Your full name/ }).fill('Grace Hopper');
      expect(new URL(w.url()).pathname).toBe(`/form/${formId}`);
      await w.getByRole('textbox', { name: /Nickname/ }).fill('Grace');
      await w.getByRole('button', { name: /Next/ }).click();
      await w.getByRole('button', { name: /Next/ }).click();
      await w.getByRole('button', { name: /Submit/ }).click();
      await expect
        .poll(async () => (await apiGet<{ value: { data: Record<string, unknown> }[] }>(page, `/odata/FormInstanceOData?$filter=formSchemaId eq ${v2}`)).value.map((i) => i.data), { timeout: 15_000 })
        .toEqual([expect.objectContaining({ fullName: 'Grace Hopper' })]);
      expect(second2.errors).toEqual([]);
      await second2.context.close();
    }));

  it('the filled-in instance still opens in version 1, with its old label', () =>
    journey(async () => {
      step('instance opens in version 1');
      // The instance still opens in version 1, with its old label and its answers.
      const link = await apiGet<string>(page, `/api/Forms/GetViewUrl?formInstanceId=${instance.formInstanceId}`);
      expect(link).toContain(`/form-instance/${v1}`);
      const reader = await newPage(stack.browser);
      await reader.page.goto(link);
      await reader.page.getByText('Ada Lovelace').first().waitFor({ timeout: 30_000 });
      expect(await reader.page.getByText('Full name', { exact: true }).count()).toBeGreaterThan(0);
      expect(await reader.page.getByText('Your full name').count()).toBe(0);
      expect(admin.errors).toEqual([]);
      await Promise.all([visitor?.context.close(), reader.context.close()]);
    }));

  it("staff download the visitor's file from the instance page: the same bytes", () =>
    journey(async () => {
      step('instance page download');
      await page.goto(`${stack.url}/admin/form-instance/${instance.formInstanceId}`);
      const button = page.getByRole('button', { name: 'Download payslip.png', exact: true });
      await button.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.press('Enter')]);
      expect(download.suggestedFilename()).toBe('payslip.png');
      // The browser runs apart from the test: its download is copied here to be read.
      const saved = join(tmpdir(), `journey-payslip-${process.pid}-${Date.now()}.png`);
      await download.saveAs(saved);
      try {
        expect(readFileSync(saved).equals(Buffer.from(PAYSLIP))).toBe(true);
      } finally {
        rmSync(saved, { force: true });
      }
      expect(admin.errors).toEqual([]);
    }));
});

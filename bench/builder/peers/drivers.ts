/**
 * The peers' side of `npm run bench:builder -- --peers`: how each action is done in SurveyJS Creator and in the Form.io
 * builder, measured with the builder's own measuring code (`../measure.ts`) on the same form (`convert.ts`).
 *
 * - open: navigation start until the peer's first fields are on its canvas, then 500 ms without a long frame (both
 *   peers draw part of the form at first: SurveyJS renders the questions near the view, Form.io the wizard's first
 *   page);
 * - select a field: a click that brings up the field's properties (SurveyJS: a click on the question, its property
 *   grid; Form.io: the field's edit button, its edit dialog), until the page is quiet;
 * - a key in the label: one key into the properties' label box, until the field shows the new label (SurveyJS: on the
 *   canvas; Form.io: in its dialog's preview; the canvas is redrawn on 'Save') and the page is quiet;
 * - drag: the mouse from the first field of a section (scrolled to the top of the view) in 12 moves to below the last
 *   field wholly in view;
 * - undo: Ctrl+Z (SurveyJS); Form.io's builder has no undo.
 *
 * The run measures our builder through the same rounds too (its driver is in `../run.ts`), so the ratios compare
 * the same actions on the same fields; its own table's actions (`run.ts`) are measured as before.
 */
import type { CDPSession, Locator, Page } from 'playwright-core';
import { measure, openMeasured, settle, type Sample } from '../measure';

export interface PeerDriver {
  /** The peer's name and version, as the table prints it. */
  name: string;
  /** The page, relative to the peers' server. */
  page: string;
  /** The field items of the canvas (not sections or pages), in the form's order. */
  field: string;
  /** The attribute of a field item naming its field (its order is what a drag changes). */
  fieldName: (item: Element) => string;
  /** The fields the peer draws at first (open waits for these). */
  firstDrawn: number;
  /** Does the measured part of selecting `item`. */
  select: (page: Page, item: Locator) => Promise<void>;
  /** Before the select is measured: anything the user does first (Form.io's edit button shows on hover). */
  beforeSelect?: (page: Page, item: Locator) => Promise<void>;
  /** The label box of the properties shown for the selected field. */
  label: (page: Page) => Locator;
  /** Whether the peer shows `text` as the label of the field edited (the canvas or the editor's preview). */
  labelShown: (page: Page, item: Locator, text: string) => Promise<void>;
  /** After typing (not measured): closes an editor that covers the canvas. */
  afterType?: (page: Page) => Promise<void>;
  /** The part of a field item the mouse drags it by. */
  dragHandle: (page: Page, item: Locator) => Promise<Locator>;
  /** Before a drag is measured: waits until the field item at `index` can be dragged (ours draws far sections later). */
  beforeDrag?: (page: Page, index: number) => Promise<void>;
  /** What the peer said about the last drag (ours: dnd-kit's live region), reported when a drag moved nothing. */
  dragSaid?: (page: Page) => Promise<string>;
  /** Before the undo (not measured): where the undo's key goes. */
  beforeUndo?: (page: Page) => Promise<void>;
  /** The undo, if the peer has one. */
  undo?: (page: Page) => Promise<void>;
}

const SURVEYJS_FIELD = '.svc-question__adorner[data-sv-drop-target-survey-element^="f"]';
const FORMIO_FIELD = '.formio-builder-form .builder-component:not(:has(.builder-component))';

export const PEERS: PeerDriver[] = [
  {
    name: 'SurveyJS Creator 2.5.43',
    page: '/surveyjs.html',
    field: SURVEYJS_FIELD,
    fieldName: (item) => item.getAttribute('data-sv-drop-target-survey-element') ?? '',
    firstDrawn: 3,
    select: (_page, item) => item.locator('.svc-question__content').first().click({ position: { x: 40, y: 12 } }),
    label: (page) => page.locator('.spg-question[data-name="title"]').locator('textarea, input').first(),
    labelShown: async (_page, item, text) => {
      await item.page().waitForFunction(([el, t]) => ((el as Element).textContent ?? '').includes(t as string), [await item.elementHandle(), text] as const, { timeout: 30_000, polling: 'raf' });
    },
    dragHandle: async (_page, item) => {
      await item.hover();
      return item.locator('.svc-question__drag-element').first();
    },
    beforeUndo: (page) => page.locator('body').click({ position: { x: 5, y: 5 } }),
    undo: (page) => page.keyboard.press('Control+z'),
  },
  {
    name: 'Form.io builder (@formio/js 5.6.0)',
    page: '/formio.html',
    field: FORMIO_FIELD,
    fieldName: (item) => item.querySelector('[ref="component"]')?.className.match(/formio-component-(f\d+)/)?.[1] ?? '',
    firstDrawn: 60,
    beforeSelect: (_page, item) => item.hover(),
    select: async (page, item) => {
      await item.locator('[ref="editComponent"]').first().click();
      await page.locator('.formio-dialog input[name="data[label]"]').waitFor({ timeout: 60_000 });
    },
    label: (page) => page.locator('.formio-dialog input[name="data[label]"]'),
    labelShown: async (page, _item, text) => {
      await page.waitForFunction((t) => (document.querySelector('.formio-dialog .component-preview')?.textContent ?? '').includes(t), text, { timeout: 30_000, polling: 'raf' });
    },
    afterType: async (page) => {
      await page.locator('.formio-dialog [ref="cancelButton"]').click();
      await page.locator('.formio-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    },
    dragHandle: async (_page, item) => item,
  },
];

export interface PeerSamples {
  open: number[];
  select: Sample[];
  type: Sample[];
  drag: Sample[];
  undo: Sample[];
  checks: { dragMoved: boolean; undoChanged: boolean | null }[];
}

export const emptySamples = (): PeerSamples => ({ open: [], select: [], type: [], drag: [], undo: [], checks: [] });

/** Opens the peer's page and measures it to interactive. */
export async function openPeer(page: Page, cdp: CDPSession, origin: string, peer: PeerDriver, into: PeerSamples): Promise<void> {
  into.open.push(await openMeasured(page, cdp, `${origin}${peer.page}`, peer.field, peer.firstDrawn));
}

const order = (page: Page, peer: PeerDriver) =>
  page.evaluate(({ selector, source }) => {
    const nameOf = new Function(`return (${source})`)() as (el: Element) => string;
    return [...document.querySelectorAll(selector)].slice(0, 100).map(nameOf).join('|');
  }, { selector: peer.field, source: peer.fieldName.toString() });

/**
 * Scrolls the `index`-th field item to the top of its scroller and waits until the page is quiet. A peer that draws
 * its questions as they come near the view (SurveyJS) is scrolled down, its last drawn item at a time, until it is there.
 */
async function toTop(page: Page, peer: PeerDriver, index: number): Promise<void> {
  const fields = page.locator(peer.field);
  for (let tries = 0; (await fields.count()) <= index; tries++) {
    if (tries > 40) throw new Error(`${peer.name}: field item ${index} was never drawn`);
    await fields.last().evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await settle(page, 100);
  }
  // To the top, then 150 px back: a sticky bar at the top of a scroller would cover the item. At once: Bootstrap's
  // 'scroll-behavior: smooth' (Form.io's page) would still be scrolling.
  await fields.nth(index).evaluate((el) => {
    el.scrollIntoView({ block: 'start', behavior: 'instant' });
    let scroller: Element | null = el.parentElement;
    while (scroller && !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement;
    (scroller ?? document.scrollingElement)?.scrollBy({ top: -150, behavior: 'instant' });
  });
  await settle(page);
}

/** One round of the peer's actions (sample `i`): select, 7 keys into the label, a drag, undo. */
export async function peerRound(page: Page, cdp: CDPSession, peer: PeerDriver, i: number, into: PeerSamples): Promise<void> {
  const fields = page.locator(peer.field);
  const itemIndex = 2 + ((i * 5) % 15);
  await toTop(page, peer, itemIndex);
  const item = fields.nth(itemIndex);
  await peer.beforeSelect?.(page, item);
  into.select.push(await measure(page, cdp, () => peer.select(page, item), `${peer.name}: select`));
  const label = peer.label(page);
  await label.click();
  await page.keyboard.press('End');
  let text = await label.inputValue();
  for (const key of ' edited') {
    text += key;
    const shown = text;
    into.type.push(
      await measure(page, cdp, async () => {
        await page.keyboard.press(key === ' ' ? 'Space' : key);
        await peer.labelShown(page, item, shown.trimEnd());
      }, `${peer.name}: type`),
    );
  }
  await peer.afterType?.(page);
  // The drag: the first field of a section (at the top of the view) to below the last field wholly in view.
  const fromIndex = 20 * (i % 3);
  const from = fields.nth(fromIndex);
  let handle = from;
  // Scrolled again while a redraw (Form.io's after its dialog closed) has scrolled it away.
  for (let tries = 0; tries < 5; tries++) {
    await toTop(page, peer, fromIndex);
    await peer.beforeDrag?.(page, fromIndex);
    handle = await peer.dragHandle(page, from);
    await settle(page);
    const box = await handle.boundingBox();
    if (box && box.y > 0 && box.y + box.height < 1000 / 2) break;
  }
  const toIndex = await page.evaluate(({ selector, fromIndex }) => {
    let last = fromIndex;
    document.querySelectorAll(selector).forEach((el, n) => {
      if (n > fromIndex && el.getBoundingClientRect().bottom < innerHeight - 10) last = n;
    });
    return last;
  }, { selector: peer.field, fromIndex });
  const a = await handle.boundingBox();
  const b = await fields.nth(toIndex).boundingBox();
  const before = await order(page, peer);
  let dragged: Sample | null = null;
  let pressedOn = 'no press';
  if (a && b && toIndex > fromIndex) {
    const x = a.x + Math.min(20, a.width / 2);
    const y = a.y + a.height / 2;
    // What the press lands on: the item itself, or something drawn over it (a sticky bar, a popover).
    pressedOn = await handle.evaluate((el, [px, py]) => {
      const hit = document.elementFromPoint(px as number, py as number);
      if (!hit) return 'nothing';
      if (el === hit || el.contains(hit)) return 'item';
      return `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ''}.${[...hit.classList].slice(0, 2).join('.')} (${hit.textContent?.trim().slice(0, 40) ?? ''})`;
    }, [x, y] as const);
    dragged = await measure(page, cdp, async () => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      const steps = 12;
      for (let s = 1; s <= steps; s++) await page.mouse.move(x, y + ((b.y + b.height * 0.8 - y) * s) / steps);
      await page.mouse.up();
    }, `${peer.name}: drag`);
  }
  const afterDrag = await order(page, peer);
  // A drag that moved nothing is no sample (nor is the undo after it): the checks count them.
  const moved = afterDrag !== before;
  if (!moved) {
    const why = !a || !b ? 'no box' : toIndex <= fromIndex ? `no field below it in view (to ${toIndex})` : `pressed on ${pressedOn}, from y ${Math.round(a.y)} to ${Math.round(b.y)}`;
    const said = peer.dragSaid ? `; said: ${await peer.dragSaid(page)}` : '';
    console.warn(`[bench:builder] ${peer.name}: the drag from field ${fromIndex} moved nothing (${why}${said})`);
  }
  if (dragged && moved) into.drag.push(dragged);
  let undoChanged: boolean | null = null;
  if (peer.undo && moved) {
    const undo = peer.undo;
    await peer.beforeUndo?.(page);
    into.undo.push(await measure(page, cdp, () => undo(page), `${peer.name}: undo`));
    undoChanged = (await order(page, peer)) !== afterDrag;
  }
  into.checks.push({ dragMoved: moved, undoChanged });
}

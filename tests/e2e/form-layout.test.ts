import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { startStack } from './stack';
import type { Stack } from './stack';

// The seeded Household Survey (every widget, long labels, a five-option agree/disagree segmented control, five pages)
// on the real host in Chromium: nothing moves under the pointer between pressing and releasing it after leaving an
// invalid field, and every page fits a phone (390 px) and a wide screen (1280 px) without sideways scrolling.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const WIDE: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const PAGES = 5;

async function openSurvey(options: BrowserContextOptions) {
  const context = await stack.browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${stack.url}/form-instance/${SEED_IDS.formSchemas.householdSurveyV1}?mode=edit`);
  await page.getByRole('heading', { name: 'About you and how we can reach you' }).waitFor({ timeout: 30_000 });
  return { context, page, errors };
}

/**
 * Presses and releases the mouse at the centre `target` had before the press, as a person does (the pointer stays
 * where it was pressed), and answers how far the target moved in between (Mantine's pressed button sinks by 1 px).
 */
async function pressAndRelease(page: Page, target: Locator): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  const before = (await target.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  const during = (await target.boundingBox())!;
  await page.mouse.up();
  return Math.abs(during.y - before.y) + Math.abs(during.x - before.x);
}

async function next(page: Page, toTitle: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: toTitle }).waitFor();
}

const TITLES = [
  'About you and how we can reach you',
  'Your opinion of the services in your area',
  'The people and vehicles of your household',
  'Your home and household income',
  'Declaration and signature',
];

describe('the first click after leaving an invalid field', () => {
  it('lands on the next radio, on "Add person" and on "Submit"', async () => {
    const { context, page, errors } = await openSurvey(WIDE);
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('not an email');
    const phone = page.getByRole('radio', { name: 'Phone' });
    expect(await pressAndRelease(page, phone), 'the radio stays under the pointer').toBe(0);
    expect(await phone.isChecked()).toBe(true);
    // The error shows once the click is done.
    await page.getByText('Enter an email address in the correct format, like name@example.com').waitFor();

    await email.fill('ada@example.com');
    await next(page, TITLES[1]!);
    await next(page, TITLES[2]!);
    await page.getByRole('button', { name: 'Add person' }).click();
    const personEmail = page.getByRole('group', { name: 'Person 1' }).getByRole('textbox', { name: 'Email address' });
    await personEmail.fill('nobody at home');
    const add = page.getByRole('button', { name: 'Add person' });
    expect(await pressAndRelease(page, add), '"Add person" stays under the pointer').toBeLessThanOrEqual(1);
    await page.getByRole('group', { name: 'Person 2' }).waitFor();
    await page.getByText('Enter an email address in the correct format, like name@example.com').waitFor();

    await page.getByRole('group', { name: 'Person 1' }).getByRole('textbox', { name: 'Email address' }).fill('bo@example.com');
    await page.getByRole('group', { name: 'Person 2' }).getByRole('button', { name: 'Remove' }).click();
    await next(page, TITLES[3]!);
    await next(page, TITLES[4]!);
    await page.getByRole('textbox', { name: 'Email address for the results' }).fill('me at home');
    // Submit runs (its error summary shows) rather than the press missing the button.
    expect(await pressAndRelease(page, page.getByRole('button', { name: 'Submit' })), '"Submit" stays under the pointer').toBeLessThanOrEqual(1);
    await page.getByText('There is a problem').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

interface Overflow {
  what: string;
  by: number;
}

/** Everything of the form that reaches past the form's box or is cut off inside its own box, and the page's scroll. */
function measure(page: Page) {
  return page.evaluate(() => {
    const form = document.querySelector('form')!;
    const box = form.getBoundingClientRect();
    const out: { what: string; by: number }[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of form.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Visually hidden text (for screen readers only, e.g. a lazy widget's 'Loading …' status): a 1 px box clipped to nothing.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const by = Math.max(box.left - r.left, r.right - box.right);
      if (by > 0.5) out.push({ what: name(el), by });
      // Text cut off inside its own box (a button or label that does not wrap).
      if ((el.matches('button, label, [role="radio"]') || el.matches('.mantine-SegmentedControl-label')) && el.scrollWidth > el.clientWidth + 1) {
        out.push({ what: `${name(el)} (clipped)`, by: el.scrollWidth - el.clientWidth });
      }
    }
    return { overflow: out, pageScrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
  });
}

async function everyPage(page: Page, check: (index: number) => Promise<void>) {
  for (let i = 0; i < PAGES; i++) {
    if (i > 0) await next(page, TITLES[i]!);
    if (i === 2) {
      // A person and a vehicle, so that repeatable items and their buttons are measured too.
      await page.getByRole('button', { name: 'Add person' }).click();
      await page.getByRole('button', { name: /^Add another car/ }).click();
    }
    await check(i);
  }
}

function expectFits(result: Awaited<ReturnType<typeof measure>>, at: string) {
  expect(result.overflow.map((o: Overflow) => `${at}: ${o.what} by ${o.by.toFixed(1)} px`)).toEqual([]);
  expect(result.pageScrollWidth, `${at}: the page does not scroll sideways`).toBeLessThanOrEqual(result.viewport);
}

describe('every widget on a phone and on a wide screen', () => {
  it('at 390 px: nothing overflows, the segmented control is vertical and the stepper says "Step n of 5"', async () => {
    const { context, page, errors } = await openSurvey(PHONE);
    await everyPage(page, async (i) => {
      expectFits(await measure(page), `390 px, page ${i + 1}`);
      expect(await page.locator('.mantine-Stepper-steps').isVisible(), 'the stepper is collapsed').toBe(false);
      expect(await page.getByText(`Step ${i + 1} of ${PAGES}`).isVisible()).toBe(true);
      if (i === 1) {
        const segmented = page.locator('.mantine-SegmentedControl-root');
        expect(await segmented.getAttribute('data-orientation')).toBe('vertical');
        const box = (await segmented.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px: nothing overflows and the stepper shows its five steps on one row', async () => {
    const { context, page, errors } = await openSurvey(WIDE);
    await everyPage(page, async (i) => {
      expectFits(await measure(page), `1280 px, page ${i + 1}`);
      // Steps whose titles wrap onto more lines are taller: their icons are on one row all the same.
      const steps = page.locator('.mantine-Stepper-stepIcon');
      expect(await steps.count()).toBe(PAGES);
      const tops = new Set<number>();
      for (const step of await steps.all()) tops.add(Math.round((await step.boundingBox())!.y));
      expect(tops.size, 'one row of steps').toBe(1);
      for (const separator of await page.locator('.mantine-Stepper-separator').all()) {
        const box = (await separator.boundingBox())!;
        expect(box.width, 'no stray connector line').toBeGreaterThan(8);
      }
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

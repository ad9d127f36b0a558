import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { signInAtProvider, startStack } from './stack';
import type { Stack } from './stack';
import { SHARED_SIGN_IN_TTL_SECONDS, signedInState, type StorageState } from './support/signed-in';

// Layout measured in Chromium on the real host: long permission labels wrap inside their card and the
// claim-group picker keeps a usable width on a phone; the effective-permissions table shows its Result badges whole;
// a dark system gets a dark page before the app's script runs; no admin screen scrolls sideways on a phone.

let stack: Stack;
/** The administrator signed in once: the tests that measure the admin screens open them signed in from it. */
let admin: StorageState;
beforeAll(async () => {
  stack = await startStack({ accessTokenTtlSeconds: SHARED_SIGN_IN_TTL_SECONDS });
  admin = await signedInState(stack.browser, `${stack.url}/admin/`, 'admin', 'admin-password');
});
afterAll(async () => {
  await stack?.stop();
});

/** A new context (viewport, colour preference…) whose page errors fail the test that reads them. */
async function open(options: BrowserContextOptions) {
  const context = await stack.browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Role Management as the administrator (a page of a context opened with the shared sign-in), with a role chosen so
 * that its 'Configure Role' panel shows.
 */
async function openRoleManagement(page: Page, role: string) {
  await page.goto(`${stack.url}/admin/auth/assign-claims-to-roles`);
  await page.getByRole('heading', { level: 1, name: 'Role Management' }).waitFor();
  await page.getByRole('combobox', { name: 'Claim group', exact: true }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  const panel = page.getByRole('region', { name: /Configure Role/ });
  await panel.getByRole('checkbox', { name: /^DynamicFormLinking_GetAllPrimitivePaths/ }).waitFor();
  return panel;
}

interface LabelBox {
  label: string;
  /** How far the label's text reaches past its card's content box on the left and right, in px (≤ 0: inside). */
  overLeft: number;
  overRight: number;
}

/** Every permission label of the category cards, with how far its text runs past its card. */
function measureLabels(page: Page): Promise<LabelBox[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('fieldset[data-category]')].flatMap((card) => {
      const cardBox = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const inner = {
        left: cardBox.left + parseFloat(style.borderLeftWidth),
        right: cardBox.right - parseFloat(style.borderRightWidth),
      };
      return [...card.querySelectorAll('label')].map((label) => {
        // The text's own extent: a label box can stay in place while its unbroken text spills out of it.
        const range = document.createRange();
        range.selectNodeContents(label);
        const text = range.getBoundingClientRect();
        return { label: label.textContent ?? '', overLeft: inner.left - text.left, overRight: text.right - inner.right };
      });
    }),
  );
}

function expectLabelsInsideCards(boxes: LabelBox[]) {
  const long = boxes.filter((b) => /DynamicFormLinking_Get(AllPrimitivePaths|ExampleApplication)/.test(b.label));
  expect(long.length, 'the long DynamicFormLinking labels are on the page').toBeGreaterThanOrEqual(2);
  expect(boxes.length).toBeGreaterThan(50);
  // Half a pixel for sub-pixel rounding.
  const outside = boxes.filter((b) => b.overLeft > 0.5 || b.overRight > 0.5);
  expect(outside.map((b) => `${b.label.slice(0, 60)}: ${Math.max(b.overLeft, b.overRight).toFixed(1)} px out`)).toEqual([]);
}

describe('6. long permission labels and the picker on narrow screens', () => {
  it('at 1280 px every permission label wraps inside its card', async () => {
    const { context, page, errors } = await open({ viewport: { width: 1280, height: 900 }, storageState: admin });
    await openRoleManagement(page, 'Administrators');
    expectLabelsInsideCards(await measureLabels(page));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px the claim-group picker keeps a usable width, and the labels still wrap inside their cards', async () => {
    const { context, page, errors } = await open({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: admin,
    });
    await openRoleManagement(page, 'Administrators');
    const picker = await page.getByRole('combobox', { name: 'Claim group', exact: true }).boundingBox();
    expect(picker).not.toBeNull();
    expect(picker!.width).toBeGreaterThanOrEqual(200);
    // Within the page: no sideways scrolling to reach it.
    expect(picker!.x).toBeGreaterThanOrEqual(0);
    expect(picker!.x + picker!.width).toBeLessThanOrEqual(390);
    expectLabelsInsideCards(await measureLabels(page));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the form builder at desktop width', () => {
  it("at 1280 × 720 px the palette shows each entry's whole name", async () => {
    const { context, page, errors } = await open({ viewport: { width: 1280, height: 720 }, storageState: admin });
    await page.goto(`${stack.url}/admin/form-builder/`);
    const palette = page.getByRole('navigation', { name: 'Add to the form' });
    await palette.getByRole('button', { name: 'Repeatable section', exact: true }).waitFor();
    // The palette scrolls on its own; a desktop browser's scrollbar takes 15 px of its width, which headless Chromium
    // (scrollbars hidden) does not: that room is taken here as padding.
    await palette.evaluate((nav) => {
      (nav as HTMLElement).style.paddingRight = `${parseFloat(getComputedStyle(nav).paddingRight) + 15}px`;
    });
    // Each handle's text against its box: a name cut short (an ellipsis) is wider than the box that shows it.
    const cut = await palette.evaluate((nav) =>
      [...nav.querySelectorAll('[aria-roledescription="draggable"] p')]
        .filter((text) => text.scrollWidth > text.clientWidth + 0.5)
        .map((text) => `${text.textContent}: ${text.scrollWidth - text.clientWidth} px cut`),
    );
    expect(cut).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the admin screens on a phone', () => {
  it("at 390 px no screen scrolls sideways: headers, actions and filters wrap, lists' tables stack their columns, badges keep their words", async () => {
    const { context, page, errors } = await open({ viewport: { width: 390, height: 844 }, storageState: admin });
    const screens = [
      '/admin/',
      '/admin/forms/',
      '/admin/form-schemas/',
      '/admin/form-group/',
      '/admin/form-instances/',
      '/admin/signing/',
      '/admin/outbox/',
      '/admin/form-builder/',
      '/admin/form-preview/',
      '/admin/form-import/',
      '/admin/auth/assign-claims-to-roles',
      '/admin/auth/assign-roles-to-users',
      // The seeded Contact Details form, its first version, that version's data linking, and its instance.
      '/admin/form-manager/00000000-0000-4000-8000-000000000201',
      '/admin/form-manager/form-schema/00000000-0000-4000-8000-000000000301',
      '/admin/form-linking/00000000-0000-4000-8000-000000000301',
      '/admin/form-instance/00000000-0000-4000-8000-000000000401',
    ];
    const wide: string[] = [];
    const cut: string[] = [];
    for (const path of screens) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (over > 0) wide.push(`${path}: ${over} px wider than the screen`);
      // A list's table, and the tables of a form's page, stack their columns into their rows: nothing in them scrolls
      // sideways either.
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('.mantine-datatable .mantine-ScrollArea-viewport, .mantine-TableScrollContainer-scrollContainer .mantine-ScrollArea-viewport')].map(
          (frame) => frame.scrollWidth - frame.clientWidth,
        ),
      );
      for (const tableOver of tables) if (tableOver > 0) wide.push(`${path}: a table ${tableOver} px wider than its frame`);
      // A badge's label hides what does not fit ('CURRE…'): each one shows its words whole.
      const badges = await page.evaluate(() =>
        [...document.querySelectorAll('.mantine-Badge-label')].filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
      for (const badge of badges) cut.push(`${path}: '${badge}'`);
    }
    // A role's individual permissions: each one's allow switch is reached without scrolling sideways.
    await openRoleManagement(page, 'No Hard Delete');
    const allow = await page.getByRole('switch', { name: 'Allow Form_Delete' }).boundingBox();
    expect(allow).not.toBeNull();
    expect(allow!.x + allow!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(wide).toEqual([]);
    expect(cut).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('8. the colour scheme before the app loads', () => {
  /** The page as painted before the app's own script runs (its module is held back), and the body's colour. */
  async function beforeTheApp(options: BrowserContextOptions, stored?: string) {
    const { context, page } = await open(options);
    if (stored) await context.addInitScript((value) => localStorage.setItem('mantine-color-scheme-value', value), stored);
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${stack.url}/admin/`);
    const painted = await page.evaluate(() => ({
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      body: getComputedStyle(document.body).backgroundColor,
      appStarted: document.getElementById('root')?.childElementCount ?? 0,
    }));
    await context.close();
    return painted;
  }

  it("a dark system gets Mantine's dark page from the first paint", async () => {
    expect(await beforeTheApp({ colorScheme: 'dark' })).toEqual({ scheme: 'dark', body: 'rgb(36, 36, 36)', appStarted: 0 });
  });

  it('a remembered choice wins over the system from the first paint', async () => {
    expect(await beforeTheApp({ colorScheme: 'dark' }, 'light')).toEqual({ scheme: 'light', body: 'rgb(255, 255, 255)', appStarted: 0 });
    expect(await beforeTheApp({ colorScheme: 'light' }, 'dark')).toEqual({ scheme: 'dark', body: 'rgb(36, 36, 36)', appStarted: 0 });
  });

  it('the signed-in host stays dark on a dark system, with the switch in its header', async () => {
    const { context, page, errors } = await open({ colorScheme: 'dark' });
    await page.goto(`${stack.url}/admin/`);
    await signInAtProvider(page, 'admin', 'admin-password');
    await page.getByRole('banner').getByRole('button', { name: 'Colour scheme: Follow system' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the effective-permissions table's Result badges", () => {
  interface BadgeBox {
    text: string;
    /** The label's full text width beyond the width it is shown in, in px (> 0: cut, e.g. 'ALL…'). */
    cut: number;
  }

  /** User & Role Management as the administrator, a user chosen, and the user's 'Effective permissions' open. */
  async function openEffectivePermissions(page: Page, user: string) {
    await page.goto(`${stack.url}/admin/auth/assign-roles-to-users`);
    await page.getByRole('heading', { level: 1, name: 'User & Role Management' }).waitFor();
    await page.getByRole('combobox', { name: 'User', exact: true }).click();
    await page.getByRole('option', { name: user, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Show effective permissions/ }).click();
    await page.locator('table[aria-label^="Effective permissions"] tr[data-claim]').first().waitFor();
  }

  /** Every Result badge of the table (and its label, which carries the ellipsis), with how much of its text is cut. */
  function measureBadges(page: Page): Promise<BadgeBox[]> {
    return page.evaluate(() =>
      [...document.querySelectorAll('tr[data-claim] .mantine-Badge-root')].map((badge) => {
        const parts = [badge, ...badge.querySelectorAll('.mantine-Badge-label')];
        return { text: badge.textContent ?? '', cut: Math.max(...parts.map((el) => el.scrollWidth - el.clientWidth)) };
      }),
    );
  }

  it.each([
    ['1280 px', { viewport: { width: 1280, height: 900 } }],
    ['390 px', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const)('at %s every badge shows its whole word', async (_, options) => {
    const { context, page, errors } = await open({ ...options, storageState: admin });
    // The form editor has both: grants, and the hard-delete denies of 'No Hard Delete'.
    await openEffectivePermissions(page, 'Eddie Editor');
    const badges = await measureBadges(page);
    expect(badges.filter((b) => b.text === 'Allowed').length).toBeGreaterThan(0);
    expect(badges.filter((b) => b.text === 'Denied').length).toBeGreaterThan(0);
    expect(badges.filter((b) => b.cut > 0).map((b) => `${b.text}: ${b.cut} px cut`)).toEqual([]);
    // The whole table fits its panel, its columns side by side at desktop width and stacked into its rows on a phone:
    // no sideways scrolling to reach a column.
    const over = await page.evaluate(() => {
      const table = document.querySelector('table[aria-label^="Effective permissions"]')!;
      // The nearest ancestor that scrolls sideways (the table's scroll container, where it has one).
      let scroller = table.parentElement;
      while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const page = document.documentElement;
      return {
        scroller: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
        page: page.scrollWidth - page.clientWidth,
        table: Math.max(0, Math.ceil(table.getBoundingClientRect().right - page.clientWidth)),
      };
    });
    expect(over).toEqual({ scroller: 0, page: 0, table: 0 });
    expect(await page.locator('table[aria-label^="Effective permissions"] thead th').count()).toBe(options.viewport.width >= 1280 ? 5 : 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { defaultLabels as L, fillLabel } from '../../src/query/labels';
import { newPage, signInAtProvider, startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';
import { stepsOfOneJourney } from './support/journey';

// The form administration journey on the real server, in Chromium: the administrator finds the seeded instance in
// the Form Instances list by its status, shows two answer columns of its form and filters by one (a reload keeps the
// view, which lives in the address), copies its view link and opens it, duplicates it, deletes the copy ('Delete'),
// finds it under 'Show deleted', restores it and, after deleting it again, deletes it permanently. The seeded editor
// sees 'Delete' but never 'Delete permanently', and the server refuses the editor's hard delete with 403.

let stack: Stack;
beforeAll(async () => {
  // Its own backend: it filters every instance of the database by status and expects the seeded one alone.
  stack = await startStack({ ownServer: true });
});
afterAll(async () => {
  await stack?.stop();
});

const seeded = SEED_IDS.formInstances.contactDetailsSample;
/** A row is named by its form and the end of its id, as the list's Instance column shows it. */
const rowName = (formInstanceId: string) => `Contact Details ${formInstanceId.slice(-8)}`;
const seededName = rowName(seeded);

/** Picks the statuses (by the spec's names) in the list's Status filter and only those. */
async function filterByStatus(page: Page, ...statuses: string[]) {
  const filters = page.getByRole('group', { name: L.instanceFilters });
  await filters.getByRole('button', { name: L.clearFilters }).click();
  const status = filters.getByLabel(L.filterStatus, { exact: true });
  await status.click();
  for (const name of statuses) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The table's rows, each with its 'Instance' cell (the end of its id). */
function table(page: Page): Locator {
  return page.getByRole('table', { name: L.formInstanceListTitle });
}

/** Waits until the table shows exactly these rows (by their ids' ends) and no loader. */
async function expectRows(page: Page, ids: string[]) {
  const body = table(page).locator('tbody tr');
  await expect
    .poll(async () => (await body.allInnerTexts()).filter((text) => text.trim() !== '').map((text) => text.match(/[0-9a-f]{8}/)?.[0] ?? text), {
      timeout: 15_000,
    })
    .toEqual(ids.map((id) => id.slice(-8)));
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function setShowDeleted(page: Page, on: boolean) {
  const toggle = page.getByRole('switch', { name: L.showDeleted });
  // By keyboard: a toast (top-right) may cover the switch for its 3 seconds.
  if ((await toggle.isChecked()) !== on) {
    await toggle.focus();
    await page.keyboard.press('Space');
  }
  await expect.poll(() => toggle.isChecked()).toBe(on);
}

/** The hard delete of one instance, sent straight to the server with a signed-in user's token. */
async function hardDelete(page: Page, formInstanceId: string): Promise<number> {
  const token = await storedAccessToken(page);
  expect(token).toBeTruthy();
  const response = await fetch(`${stack.url}/api/crud/forminstance/delete?Id=${formInstanceId}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

/**
 * The instance as the administrator's token reads it through OData, or undefined. The filter names `isDeleted`, so
 * that soft-deleted rows are read too (they are hidden otherwise).
 */
async function readInstance(page: Page, formInstanceId: string): Promise<{ isDeleted: boolean; status: number } | undefined> {
  const token = await storedAccessToken(page);
  const filter = encodeURIComponent(`formInstanceId eq ${formInstanceId} and (isDeleted eq true or isDeleted eq false)`);
  const response = await fetch(`${stack.url}/odata/FormInstanceOData?$filter=${filter}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { value: { isDeleted: boolean; status: number }[] };
  return body.value[0];
}

describe('form administration, end to end', () => {
  // One journey in steps, each going on from where the one before stopped (and failing when that one did).
  let admin: Awaited<ReturnType<typeof newPage>>;
  let page: Page;
  let editor: Awaited<ReturnType<typeof newPage>> | undefined;
  let copyShort = '';
  let copyName = '';
  let copyId = '';
  /** Runs one step of the journey `name`: not after a step that failed. */
  const journey = stepsOfOneJourney();
  beforeAll(async () => {
    admin = await newPage(stack.browser);
    page = admin.page;
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  });
  afterAll(async () => {
    await editor?.context.close();
    await admin?.context.close();
  });

  it('the administrator finds the seeded instance by its status', () =>
    journey('find', async () => {
      await page.goto(`${stack.url}/admin/form-instances/`);
      await signInAtProvider(page, 'admin', 'admin-password');
      await page.getByRole('heading', { level: 1, name: L.formInstanceListTitle }).waitFor({ timeout: 30_000 });

      // Found by its status: the seeded instance is Submitted; no instance is Completed.
      await filterByStatus(page, L.statusCompleted);
      await page.getByText(L.noFormInstances, { exact: true }).first().waitFor({ timeout: 15_000 });
      await filterByStatus(page, L.statusSubmitted);
      await expectRows(page, [seeded]);
    }));

  it('chooses two answer columns of its form, filters by one, and a reload keeps the view', () =>
    journey('answer columns', async () => {
      const filters = page.getByRole('group', { name: L.instanceFilters });
      await filters.getByLabel(L.filterForm, { exact: true }).click();
      await page.getByRole('option', { name: 'Contact Details', exact: true }).click();
      const columns = filters.getByLabel(L.answerColumns, { exact: true });
      await expect.poll(() => columns.isEnabled(), { timeout: 15_000 }).toBe(true);
      await columns.click();
      await page.getByRole('option', { name: 'Full name', exact: true }).click();
      await page.getByRole('option', { name: 'Preferred contact', exact: true }).click();
      await page.keyboard.press('Escape');
      // The choice filter of the 'Preferred contact' column offers its options' labels.
      await page.getByRole('group', { name: L.answerFilters }).getByLabel('Preferred contact', { exact: true }).click();
      await page.getByRole('option', { name: 'Email', exact: true }).click();
      await expectRows(page, [seeded]);
      await table(page).getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor({ timeout: 15_000 });
      await expect.poll(() => new URL(page.url()).searchParams.get('answers') ?? '', { timeout: 15_000 }).toContain('preferredContact');

      // The address holds the form, the status, the answer filter and the columns: a reload shows the same list.
      await page.reload();
      await table(page).getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor({ timeout: 30_000 });
      await table(page).getByRole('cell', { name: 'Email', exact: true }).waitFor({ timeout: 15_000 });
      await expectRows(page, [seeded]);
      expect(await page.getByRole('group', { name: L.answerFilters }).getByLabel('Preferred contact', { exact: true }).inputValue()).toBe('Email');
    }));

  it('its view link, copied to the clipboard, opens the instance read-only with its answers', () =>
    journey('view link', async () => {
      // Its view link, copied to the clipboard, opens the instance read-only with its answers.
      await page.getByRole('button', { name: fillLabel(L.moreActions, { name: seededName }) }).click();
      await page.getByRole('menuitem', { name: L.copyViewLink }).click();
      await toast(page, fillLabel(L.viewLinkCopied, { name: seededName }));
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(new RegExp(`^${stack.url}/form-instance/`));
      expect(link).toContain(seeded);
      const viewer = await newPage(stack.browser);
      await viewer.page.goto(link);
      await viewer.page.getByText('Grace Hopper').first().waitFor({ timeout: 30_000 });
      expect(await viewer.page.getByRole('textbox').count()).toBe(0);
      expect(viewer.errors).toEqual([]);
      await viewer.context.close();
    }));

  it('Duplicate makes a new instance, Created', () =>
    journey('duplicate', async () => {
      // Duplicate: the copy is a new instance, Created.
      await page.getByRole('button', { name: fillLabel(L.moreActions, { name: seededName }) }).click();
      await page.getByRole('menuitem', { name: L.duplicateInstance }).click();
      await toast(page, fillLabel(L.duplicatedToast, { name: seededName }));
      await filterByStatus(page, L.statusCreated);
      const copyRow = table(page).locator('tbody tr').filter({ hasText: /Contact Details/ });
      // The table shows the unfiltered rows (the seeded instance and its copy) until the filtered read arrives: wait
      // for exactly one row, and not the seeded one.
      await expect
        .poll(async () => (await copyRow.allInnerTexts()).map((text) => (text.includes(seeded.slice(-8)) ? 'seeded' : 'copy')), { timeout: 15_000 })
        .toEqual(['copy']);
      copyShort = (await copyRow.innerText()).match(/[0-9a-f]{8}/)?.[0] ?? '';
      expect(copyShort).toMatch(/^[0-9a-f]{8}$/);
      expect(copyShort).not.toBe(seeded.slice(-8));
      copyName = `Contact Details ${copyShort}`;
    }));

  it("'Delete' moves the copy under 'Show deleted', and 'Restore' brings it back", () =>
    journey('delete and restore', async () => {
      // 'Delete' (soft): the copy leaves the list and shows under 'Show deleted'.
      await page.getByRole('button', { name: `${L.delete} ${copyName}`, exact: true }).click();
      await confirmIn(page, fillLabel(L.softDeleteTitle, { entity: L.entityFormInstance, name: copyName }), L.delete);
      await toast(page, fillLabel(L.softDeletedToast, { name: copyName }));
      await page.getByText(L.noFormInstances, { exact: true }).first().waitFor({ timeout: 15_000 });
      await setShowDeleted(page, true);
      await expect.poll(() => table(page).getByText(copyShort).count(), { timeout: 15_000 }).toBe(1);

      // 'Show deleted' marks it; 'Restore' brings it back to the live list, and it stays in view, unmarked.
      const copyRow = () => table(page).locator('tbody tr').filter({ hasText: copyShort });
      await expect.poll(() => copyRow().getByText(L.deletedBadge, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('button', { name: `${L.restore} ${copyName}`, exact: true }).click();
      await toast(page, fillLabel(L.restoredToast, { name: copyName }));
      await page.getByRole('button', { name: `${L.delete} ${copyName}`, exact: true }).waitFor({ timeout: 15_000 });
      expect(await table(page).getByText(copyShort).count()).toBe(1);
      expect(await copyRow().getByText(L.deletedBadge, { exact: true }).count()).toBe(0);
      await setShowDeleted(page, false);
      await expect.poll(() => table(page).getByText(copyShort).count(), { timeout: 15_000 }).toBe(1);
    }));

  it("deleted again, the copy cannot be deleted permanently by the editor: no such button, and the server answers 403", () =>
    journey('editor', async () => {
      // Deleted again, it waits under 'Show deleted' for 'Delete permanently'.
      await page.getByRole('button', { name: `${L.delete} ${copyName}`, exact: true }).click();
      await confirmIn(page, fillLabel(L.softDeleteTitle, { entity: L.entityFormInstance, name: copyName }), L.delete);
      await toast(page, fillLabel(L.softDeletedToast, { name: copyName }));
      copyId = await findDeletedCopyId(page, copyShort);

      // The editor: 'Delete' on live rows, 'Restore' but no 'Delete permanently' under 'Show deleted', and the server
      // answers 403 to the editor's own hard delete of the copy.
      editor = await newPage(stack.browser);
      await editor.page.goto(`${stack.url}/admin/form-instances/`);
      await signInAtProvider(editor.page, 'editor', 'editor-password');
      await editor.page.getByRole('heading', { level: 1, name: L.formInstanceListTitle }).waitFor({ timeout: 30_000 });
      await editor.page.getByRole('button', { name: `${L.delete} ${seededName}`, exact: true }).waitFor({ timeout: 15_000 });
      await setShowDeleted(editor.page, true);
      await editor.page.getByRole('button', { name: `${L.restore} ${copyName}`, exact: true }).waitFor({ timeout: 15_000 });
      expect(await editor.page.getByRole('button', { name: L.deletePermanently }).count()).toBe(0);
      expect(await editor.page.getByText(L.deletePermanently).count()).toBe(0);
      expect(await hardDelete(editor.page, copyId)).toBe(403);
      expect(await readInstance(page, copyId)).toMatchObject({ isDeleted: true });
      expect(editor.errors).toEqual([]);
    }));

  it('the administrator deletes it permanently after the confirmation; the seeded instance is untouched', () =>
    journey('delete permanently', async () => {
      // The administrator deletes it permanently, after the confirmation that says what goes with it.
      await setShowDeleted(page, true);
      await page.getByRole('button', { name: `${L.deletePermanently} ${copyName}`, exact: true }).click();
      const hardTitle = fillLabel(L.hardDeleteTitle, { entity: L.entityFormInstance, name: copyName });
      await page.getByRole('dialog', { name: hardTitle }).getByText(L.hardDeleteFormInstanceMessage, { exact: false }).waitFor();
      await confirmIn(page, hardTitle, L.deletePermanently);
      await toast(page, fillLabel(L.hardDeletedToast, { name: copyName }));
      await expect.poll(() => table(page).getByText(copyShort).count(), { timeout: 15_000 }).toBe(0);
      expect(await readInstance(page, copyId)).toBeUndefined();
      // The seeded instance is untouched.
      expect(await readInstance(page, seeded)).toMatchObject({ isDeleted: false, status: 2 });

      expect(admin.errors).toEqual([]);
    }));
});

/** The full id of the soft-deleted copy, from the server's list of deleted instances (the table shows its end only). */
async function findDeletedCopyId(page: Page, short: string): Promise<string> {
  const token = await storedAccessToken(page);
  const filter = encodeURIComponent('isDeleted eq true');
  const response = await fetch(`${stack.url}/odata/FormInstanceOData?$filter=${filter}&$select=formInstanceId`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const ids = ((await response.json()) as { value: { formInstanceId: string }[] }).value.map((row) => row.formInstanceId);
  const found = ids.filter((id) => id.endsWith(short));
  expect(found).toHaveLength(1);
  return found[0]!;
}

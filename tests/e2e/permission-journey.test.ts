import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAtProvider, startStack } from './stack';
import type { Stack } from './stack';
import { stepsOfOneJourney } from './support/journey';

// The permission journey on the real server, in Chromium, as an administrator would do it: create a role, nest it in
// another, give it a permission with a priority, grant the outer role to a new user group, add the editor to the group;
// the editor signs in and sees the newly permitted menu entry; the administrator revokes it and it goes; the role's
// change history shows both changes.

let stack: Stack;
beforeAll(async () => {
  // Its own backend: it changes the editor's permissions, which other files check.
  stack = await startStack({ ownServer: true });
});
afterAll(async () => {
  await stack?.stop();
});

const suffix = Date.now().toString(36);
const inner = `Desk Role ${suffix}`;
const outer = `Outer Role ${suffix}`;
const team = `Desk Team ${suffix}`;

async function closeDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function createRole(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Group name' }).fill(name);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await closeDialog(page, 'Group Created Successfully');
  // The new role is chosen at once.
  await page.getByRole('region', { name: /Configure Role/ }).waitFor();
}

async function pickOption(page: Page, combobox: ReturnType<Page['getByRole']>, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('permission administration, end to end', () => {
  // One journey in steps, each going on from where the one before stopped (and failing when that one did).
  let admin: Awaited<ReturnType<typeof newPage>>;
  let page: Page;
  let editor: Awaited<ReturnType<typeof newPage>> | undefined;
  /** Runs one step of the journey `name`: not after a step that failed. */
  const journey = stepsOfOneJourney();
  beforeAll(async () => {
    admin = await newPage(stack.browser);
    page = admin.page;
  });
  afterAll(async () => {
    await editor?.context.close();
    await admin?.context.close();
  });

  it('the administrator makes a role with a permission at priority 2, and a role that nests it', () =>
    journey('roles', async () => {
      await page.goto(`${stack.url}/admin/auth/assign-claims-to-roles`);
      await signInAtProvider(page, 'admin', 'admin-password');
      await page.getByRole('heading', { level: 1, name: 'Role Management' }).waitFor();

      // The inner role: the Role Management menu claim at priority 2.
      await createRole(page, inner);
      let panel = page.getByRole('region', { name: /Configure Role/ });
      await panel.getByRole('searchbox', { name: 'Search permissions' }).fill('RoleManagement_AllowRead');
      await panel.getByRole('checkbox', { name: /^RoleManagement_AllowRead/ }).check();
      await panel.getByRole('textbox', { name: 'Priority of RoleManagement_AllowRead' }).fill('2');
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByRole('dialog', { name: 'Permission changes' }).getByText('RoleManagement_AllowRead').first().waitFor();
      await closeDialog(page, 'Permission changes');

      // The outer role nests the inner one.
      await createRole(page, outer);
      panel = page.getByRole('region', { name: /Configure Role/ });
      await pickOption(page, panel.getByRole('combobox', { name: 'Sub-claim groups' }), inner);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await closeDialog(page, 'Permission changes');
    }));

  it('a new user group holds the outer role, and the editor joins it', () =>
    journey('user group', async () => {
      await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'User & Role Management' }).click();
      await page.getByRole('heading', { level: 1, name: 'User & Role Management' }).waitFor();
      await page.getByRole('tab', { name: 'User Groups' }).click();
      await page.getByRole('textbox', { name: 'Group name' }).fill(team);
      await page.getByRole('button', { name: 'Create Group' }).click();
      await closeDialog(page, 'Group Created Successfully');
      // docs/spec.md, States and transitions: creating a user group clears the selection; the administrator picks the new group.
      await pickOption(page, page.getByRole('combobox', { name: 'User Group', exact: true }), team);
      const groupPanel = page.getByRole('region', { name: new RegExp(`User Group: ${team}$`) });
      await groupPanel.waitFor();
      await pickOption(page, groupPanel.getByRole('combobox', { name: 'Claim groups' }), outer);
      await groupPanel.getByRole('button', { name: 'Save Changes' }).click();
      await closeDialog(page, 'Permission changes');
      await pickOption(page, page.getByRole('combobox', { name: 'Group Members' }), 'Eddie Editor');
      await page.getByRole('button', { name: 'Save members' }).click();
      await page.getByRole('dialog', { name: 'Group members updated' }).getByText('Eddie Editor').waitFor();
      await closeDialog(page, 'Group members updated');
    }));

  it("'Why can they?' shows the editor's permission through the group, the outer role and the nested role", () =>
    journey('effective permissions', async () => {
      await page.getByRole('tab', { name: 'Users' }).click();
      await pickOption(page, page.getByRole('combobox', { name: 'User', exact: true }), 'Eddie Editor');
      await page.getByRole('button', { name: /Show effective permissions/ }).click();
      const why = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'RoleManagement_AllowRead' }) });
      await why.getByText(`${team} → ${outer} → ${inner}`).waitFor();
      expect(await why.getByText('Allowed').count()).toBe(1);
    }));

  it('the editor signs in and finds the new entry in the menu', () =>
    journey('editor signs in', async () => {
      editor = await newPage(stack.browser);
      await editor.page.goto(`${stack.url}/admin/`);
      await signInAtProvider(editor.page, 'editor', 'editor-password');
      const menu = editor.page.getByRole('navigation', { name: 'Admin menu' });
      await menu.getByRole('link', { name: 'Role Management', exact: true }).waitFor();
    }));

  it("the administrator revokes the permission from the inner role; the role's history holds both changes", () =>
    journey('revoke', async () => {
      await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Role Management', exact: true }).click();
      await pickOption(page, page.getByRole('combobox', { name: 'Claim group' }), inner);
      const panel = page.getByRole('region', { name: /Configure Role/ });
      await panel.getByRole('searchbox', { name: 'Search permissions' }).fill('RoleManagement_AllowRead');
      await panel.getByRole('checkbox', { name: /^RoleManagement_AllowRead/ }).uncheck();
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await closeDialog(page, 'Permission changes');

      // "Who changed it, when?": the inner role's history holds both changes, newest first, each by the administrator.
      await page.getByRole('button', { name: 'Show change history' }).click();
      const entries = page.getByRole('list', { name: `Change history: ${inner}` }).locator(':scope > li');
      await entries.nth(1).waitFor();
      expect(await entries.count()).toBe(2);
      const [revoked, granted] = [entries.nth(0), entries.nth(1)];
      await revoked.getByText('Removed', { exact: true }).waitFor();
      await revoked.getByText('RoleManagement_AllowRead (allow · priority 2)').waitFor();
      await granted.getByText('Added', { exact: true }).waitFor();
      await granted.getByText('RoleManagement_AllowRead (allow · priority 2)').waitFor();
      for (const entry of [revoked, granted]) await entry.getByText('by Ada Admin').waitFor();
    }));

  it("on the editor's next visit the entry is gone, and Role Management says No access", () =>
    journey('editor after revoke', async () => {
      const { page: editorPage } = editor!;
      const menu = editorPage.getByRole('navigation', { name: 'Admin menu' });
      await editorPage.reload();
      await menu.getByRole('link', { name: 'Form Builder' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Role Management', exact: true }).count()).toBe(0);
      await editorPage.goto(`${stack.url}/admin/auth/assign-claims-to-roles`);
      await editorPage.getByRole('heading', { name: 'No access' }).waitFor();

      expect(admin.errors).toEqual([]);
      expect(editor!.errors).toEqual([]);
    }));
});

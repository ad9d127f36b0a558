import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ButtonClaim, Permission } from '../../src/api/enums';
import type { ApplicationUser } from '../../src/api/types';
import { UserRoleManagement, type UserRoleManagementProps } from '../../src/admin';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend, errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderWithProviders } from '../support/render';
import {
  buttonIn,
  checkboxIn,
  expectAvailable,
  expectUnavailable,
  findButtonIn,
  findCheckboxIn,
  findRegion,
  findTextboxIn,
  sectionsNamed,
  textboxIn,
} from './support/screen';

const base = 'http://api.test';
const backend = createFakeBackend();
const server = setupServer(...backend.handlers(base));
const bodies: { path: string; body: unknown }[] = [];
server.events.on('request:start', ({ request }) => {
  if (request.method === 'POST' && request.url.includes('AddRemoveUpdate'))
    void request
      .clone()
      .json()
      .then((body: unknown) => bodies.push({ path: new URL(request.url).pathname, body }));
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  backend.reset();
  bodies.length = 0;
});
afterAll(() => server.close());

const users = seedIds.users;
const groups = seedIds.userGroups;
const claimGroups = seedIds.claimGroups;

function renderScreen(props: UserRoleManagementProps = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      <UserRoleManagement {...props} />
    </APIProvider>,
  );
}
type User = ReturnType<typeof renderScreen>['user'];

const userPicker = () => screen.findByRole('combobox', { name: 'User' });
const groupPicker = () => screen.findByRole('combobox', { name: 'User Group' });

/** No permission panel, visible or not. */
const panel = () => sectionsNamed(/^Role & Permission Management/)[0] ?? null;
/**
 * The one permission panel named `name` (tests/admin/support/screen findRegion: role, name, visible; up to 20 s), once
 * the tab's picker row (its picker, and its actions beside it) is there too: a panel for an initial user or group may
 * show before the list that brings the picker row (in a browser it often does).
 */
const findPanel = async (name: string | RegExp) => {
  const region = await findRegion(name);
  await screen.findByRole('combobox', { name: /^(User|User Group)$/ });
  return region;
};
const requestsTo = (name: string) => backend.requests.filter((r) => r.path.split('?')[0]?.endsWith(`/${name}`));

/** Enter creates once the session's permissions are known (until then the button says why it waits). */
async function createGroupAvailable() {
  await waitFor(() => expectAvailable(buttonIn(document.body, 'Create Group')), { timeout: 5000 });
}

async function optionsOf(user: User, combobox: HTMLElement) {
  await user.click(combobox);
  // The options show once the dropdown is placed (a frame after the click in a browser).
  const names = (await waitFor(() => within(listboxOf(combobox)).getAllByRole('option'))).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
}

/** The listbox a combobox opened (its aria-controls), so an option is looked for among its options only. */
function listboxOf(combobox: HTMLElement): HTMLElement {
  const id = combobox.getAttribute('aria-controls');
  const listbox = id ? document.getElementById(id) : null;
  if (!listbox) throw new Error(`The combobox ${combobox.getAttribute('aria-label') ?? ''} controls no listbox.`);
  expect(listbox).toHaveRole('listbox');
  return listbox;
}

async function pick(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await waitFor(() => within(listboxOf(combobox)).getByRole('option', { name: option })));
}

describe('UserRoleManagement', () => {
  describe('layout and tabs', () => {
    it("shows the heading 'User & Role Management' with the 'Users' tab chosen by default", async () => {
      renderScreen();
      expect(screen.getByRole('heading', { level: 1, name: 'User & Role Management' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'User Groups' })).toHaveAttribute('aria-selected', 'false');
      expect(await userPicker()).toBeInTheDocument();
      expect(buttonIn(document.body, 'Refresh users')).toBeInTheDocument();
      // Available once the session's claims are in (they may arrive after the users).
      await waitFor(() => expectAvailable(buttonIn(document.body, 'Full Sync')));
      expect(screen.queryByRole('textbox', { name: 'Group name' })).not.toBeInTheDocument();
      expect(panel()).not.toBeInTheDocument();
    });

    it('opens on the tab the host asks for and reports tab changes', async () => {
      const onTabChange = vi.fn();
      const { user } = renderScreen({ initialTab: 'userGroups', onTabChange });
      expect(screen.getByRole('tab', { name: 'User Groups' })).toHaveAttribute('aria-selected', 'true');
      expect(await groupPicker()).toBeInTheDocument();
      expect(textboxIn(document.body, 'Group name')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Users' }));
      expect(onTabChange).toHaveBeenCalledWith('users');
      expect(await userPicker()).toBeInTheDocument();
    });

    it('sets its display name', () => {
      expect(UserRoleManagement.displayName).toBe('@ccq/forms-admin/UserRoleManagement');
    });

    it('passes classNames and styles to the named inner parts (tabs, create form, picker row, picker, notice, members, panel, editor, dialogs)', async () => {
      const { user } = renderScreen({
        initialTab: 'userGroups',
        initialUserGroupId: groups.formAuthors,
        classNames: {
          root: 'my-root',
          tabs: 'my-tabs',
          createForm: 'my-createForm',
          pickerRow: 'my-pickerRow',
          picker: 'my-picker',
          notice: 'my-notice',
          members: 'my-members',
          panel: 'my-panel',
          editor: 'my-editor',
          dialog: 'my-dialog',
        },
        styles: { panel: { outline: '3px solid rgb(255, 0, 0)' }, picker: { outline: '2px dashed rgb(0, 0, 255)' } },
      });
      const rolePanel = await findPanel(/User Group: Form Authors$/);
      expect(rolePanel).toHaveClass('my-panel');
      expect(rolePanel).toHaveStyle({ outline: '3px solid rgb(255, 0, 0)' });
      expect(rolePanel.querySelector('.my-editor')).not.toBeNull();
      expect(screen.getByRole('heading', { level: 1, name: 'User & Role Management' }).closest('.my-root')).not.toBeNull();
      expect(screen.getByRole('tablist').closest('.my-tabs')).not.toBeNull();
      expect(textboxIn(document.body, 'Group name').closest('.my-createForm')).not.toBeNull();
      const picker = (await groupPicker()).closest('.my-picker');
      expect(picker).not.toBeNull();
      expect(picker).toHaveStyle({ outline: '2px dashed rgb(0, 0, 255)' });
      expect(picker!.closest('.my-pickerRow')).not.toBeNull();
      expect(document.querySelector('.my-notice')).toHaveAttribute('role', 'status');
      expect((await screen.findByRole('combobox', { name: 'Group Members' })).closest('.my-members')).not.toBeNull();
      await user.click(buttonIn(document.body, 'Delete'));
      const dialog = await screen.findByRole('dialog', { name: /Form Authors/ });
      expect(dialog.closest('.my-dialog') ?? dialog.querySelector('.my-dialog')).not.toBeNull();
    });
  });

  describe('Users tab', () => {
    it("lists the users by their own name when the host gives no display-name function", async () => {
      const { user } = renderScreen();
      const names = await optionsOf(user, await userPicker());
      expect(names).toEqual(expect.arrayContaining(['Ada Admin', 'Sam Signer', 'Nora Newcomer']));
    });

    it('lists the users by the names the host-supplied function returns, asking once for all of them', async () => {
      const getDisplayNames = vi.fn((list: ApplicationUser[]) => list.map((u) => `${u.name} <${u.email ?? ''}>`));
      const { user } = renderScreen({ getDisplayNames });
      const names = await optionsOf(user, await userPicker());
      expect(names).toContain('Ada Admin <ada.admin@example.com>');
      expect(getDisplayNames).toHaveBeenCalledTimes(1);
      expect(getDisplayNames.mock.calls[0]?.[0]).toHaveLength(names.length);
    });

    it('shows a clear error when the display-name function returns another number of names', async () => {
      const { user } = renderScreen({ getDisplayNames: async (list) => list.slice(1).map((u) => `~${u.name}`) });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        'The display-name function returned 6 names for 7 users, so account names are shown instead.',
      );
      const names = await optionsOf(user, await userPicker());
      expect(names).toContain('Ada Admin');
      expect(names.some((n) => n?.startsWith('~'))).toBe(false);
    });

    it("runs 'Full Sync', which reads 'Syncing...' while running, then refreshes the user list", async () => {
      server.use(errorHandlers.delayed('/api/Claim/FullSyncAndReturnExternalUsers', 150));
      const { user } = renderScreen();
      expect(await optionsOf(user, await userPicker())).not.toContain('Nina Newhire');
      await user.click(buttonIn(document.body, 'Full Sync'));
      const syncing = buttonIn(document.body, 'Syncing...');
      expectUnavailable(syncing);
      expect(syncing).toHaveAttribute('aria-busy', 'true');
      expect(await screen.findByText(/^Full Sync finished: \d+ users synced/)).toBeInTheDocument();
      expectAvailable(buttonIn(document.body, 'Full Sync'));
      expect(await optionsOf(user, await userPicker())).toContain('Nina Newhire');
      expect(requestsTo('FullSyncAndReturnExternalUsers')).toHaveLength(1);
    });

    it("shows the server's error when 'Full Sync' fails", async () => {
      server.use(errorHandlers.failing('/api/Claim/FullSyncAndReturnExternalUsers', 500));
      const { user } = renderScreen();
      await userPicker();
      await user.click(buttonIn(document.body, 'Full Sync'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('An unexpected server error occurred.');
      // The response, the alert's collapsed details, renders after the alert (hidden content comes at a lower priority).
      await waitFor(() => expect(alert).toHaveTextContent('Simulated failure (500).'));
      expectAvailable(buttonIn(document.body, 'Full Sync'));
    });

    it('refetches the users from the refresh action', async () => {
      const { user } = renderScreen();
      await userPicker();
      const before = requestsTo('ApplicationUsersPaged').length;
      await user.click(buttonIn(document.body, 'Refresh users'));
      await waitFor(() => expect(requestsTo('ApplicationUsersPaged').length).toBe(before + 1));
      // The screen never loads every user.
      expect(requestsTo('ApplicationList')).toHaveLength(0);
    });

    it("shows 'Failed to load users. Please try again.' and retries", async () => {
      // Every request fails until the alert shows (not just the first: a request still on its way from the previous
      // test's screen could take a one-time failure); then the fake answers again.
      server.use(errorHandlers.failing('/api/Claim/ApplicationUsersPaged', 500));
      const { user } = renderScreen();
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users. Please try again.');
      server.resetHandlers();
      expect(screen.queryByRole('combobox', { name: 'User' })).not.toBeInTheDocument();
      await user.click(buttonIn(document.body, 'Try again'));
      expect(await userPicker()).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows a loading state while the users load', () => {
      server.use(errorHandlers.pending('/api/Claim/ApplicationUsersPaged'));
      renderScreen();
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading users…')).toBe(true);
      expect(screen.queryByRole('combobox', { name: 'User' })).not.toBeInTheDocument();
    });

    it('says so when there are no users yet, and still offers Full Sync', async () => {
      server.use(
        http.get(`${base}/api/Claim/ApplicationUsersPaged`, () => HttpResponse.json({ list: [], totalRecCount: 0, totalPageCount: 0 })),
      );
      renderScreen();
      expect(
        await screen.findByText('No users yet. Run Full Sync to import them from the identity provider.'),
      ).toBeInTheDocument();
      await waitFor(() => expectAvailable(buttonIn(document.body, 'Full Sync')));
    });
  });

  describe('Role & Permission Management of a user', () => {
    it('appears once a user is chosen, labelled User, with the claim groups and claims the user holds', async () => {
      const onUserSelected = vi.fn();
      const { user } = renderScreen({ onUserSelected });
      const hint = 'Pick a user to see and change their claim groups and permissions.';
      expect(await screen.findByText(hint)).toBeInTheDocument();
      await pick(user, await userPicker(), 'Sam Signer');
      expect(onUserSelected).toHaveBeenCalledWith(users.signer);
      expect(screen.queryByText(hint)).not.toBeInTheDocument();
      const region = await findPanel('Role & Permission Management User: Sam Signer');
      expect(within(region).getByRole('heading', { name: 'Role & Permission Management' })).toBeInTheDocument();
      expect(within(region).getByRole('combobox', { name: 'Claim groups' })).toBeInTheDocument();
      expect(within(region).getByText('Signers')).toBeInTheDocument();
      expect(within(region).getByRole('heading', { name: 'Permission categories' })).toBeInTheDocument();
      expect(within(region).getByRole('heading', { name: 'Individual permissions' })).toBeInTheDocument();
      expect(await findTextboxIn(region, 'Priority of FormInstance_Update')).toBeInTheDocument();
    });

    it('saves the diff through the AppUserOrUsers calls and lists Added, Removed and Updated', async () => {
      const { user } = renderScreen({ initialUserId: users.signer });
      const region = await findPanel(/User: Sam Signer$/);
      await user.click(await findCheckboxIn(region, 'Form_Add'));
      await user.click(checkboxIn(region, 'FormInstance_Update'));
      await pick(user, within(region).getByRole('combobox', { name: 'Claim groups' }), 'Form Readers');
      await user.click(buttonIn(region, 'Save Changes'));

      const dialog = await screen.findByRole('dialog', { name: 'Permission changes' });
      const section = (name: string) => within(within(dialog).getByRole('region', { name }));
      expect(section('Added').getByText(/Form_Add/)).toBeInTheDocument();
      expect(section('Added').getByText(/Form Readers/)).toBeInTheDocument();
      expect(section('Removed').getByText(/FormInstance_Update/)).toBeInTheDocument();
      expect(
        within(dialog).getByText(
          "Claims successfully added to, removed from or updated for user 'Sam Signer'. Claim groups successfully added to or removed from user 'Sam Signer'.",
        ),
      ).toBeInTheDocument();

      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimsToAppUserOrUsers'))?.body).toEqual({
        claimSets: [users.signer],
        claimBaseToAddUpdate: [{ claimValue: Permission.Form_Add, claimType: 1, allow: true, priorityOfPermission: 1 }],
        claimEnumsToRemoveValue: [Permission.FormInstance_Update],
        removeExistingUnMentionedClaimBase: false,
      });
      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimGroupsToAppUserOrUsers'))?.body).toEqual({
        claimGroupSets: [users.signer],
        claimGroupsToAdd: [claimGroups.formReaders],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      // The saved state is the new starting point: there is nothing to save again, and the focus is back.
      const save = buttonIn(region, 'Save Changes');
      await waitFor(() => expect(save).toHaveFocus());
      expectUnavailable(save, 'Nothing has changed yet.');
    });

    it('lists an updated priority and allow flag under Updated', async () => {
      const { user } = renderScreen({ initialUserId: users.auditor });
      const region = await findPanel(/User: Aisha Auditor$/);
      const priority = await findTextboxIn(region, 'Priority of ViewSubmissions_AllowRead');
      await user.tripleClick(priority);
      await user.keyboard('7');
      await user.click(buttonIn(region, 'Save Changes'));
      const dialog = await screen.findByRole('dialog', { name: 'Permission changes' });
      expect(within(within(dialog).getByRole('region', { name: 'Updated' })).getByText(/ViewSubmissions_AllowRead/))
        .toBeInTheDocument();
      const body = bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimsToAppUserOrUsers'))?.body;
      expect(body).toMatchObject({
        claimBaseToAddUpdate: [
          { claimValue: ButtonClaim.ViewSubmissions_AllowRead, allow: false, priorityOfPermission: 7 },
        ],
        claimEnumsToRemoveValue: [],
      });
    });

    it("keeps 'Save Changes' unavailable and sends nothing while nothing changed", async () => {
      const { user } = renderScreen({ initialUserId: users.signer });
      const region = await findPanel(/User: Sam Signer$/);
      const save = buttonIn(region, 'Save Changes');
      expectUnavailable(save, 'Nothing has changed yet.');
      await user.click(save);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(backend.requests.filter((r) => r.path.includes('AddRemoveUpdate'))).toEqual([]);
    });

    it('keeps the selection and shows the error when saving fails', async () => {
      server.use(errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', 500));
      const { user } = renderScreen({ initialUserId: users.newcomer });
      const region = await findPanel(/User: Nora Newcomer$/);
      await user.click(await findCheckboxIn(region, 'Form_Add'));
      await user.click(buttonIn(region, 'Save Changes'));
      const alert = await within(region).findByRole('alert');
      expect(alert).toHaveTextContent('An unexpected server error occurred.');
      // The response, the alert's collapsed details, renders after the alert (hidden content comes at a lower priority).
      await waitFor(() => expect(alert).toHaveTextContent('Simulated failure (500).'));
      expect(checkboxIn(region, 'Form_Add')).toBeChecked();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("asks before 'Clear All' and then clears every selected item", async () => {
      const { user } = renderScreen({ initialUserId: users.signer });
      const region = await findPanel(/User: Sam Signer$/);
      await user.click(buttonIn(region, 'Clear All'));
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog).getByText('Are you sure you want to clear all selected items? This action cannot be undone.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(region).queryByText('No permissions selected.')).not.toBeInTheDocument();
      const claimGroupPicker = within(region).getByRole('combobox', { name: 'Claim groups' });
      // A chosen claim group is not offered again.
      expect(await optionsOf(user, claimGroupPicker)).not.toContain('Signers');
      await user.click(buttonIn(region, 'Clear All'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear All' }));
      expect(within(region).getByText('No permissions selected.')).toBeInTheDocument();
      expect(await optionsOf(user, claimGroupPicker)).toContain('Signers');
      expect(backend.requests.filter((r) => r.path.includes('AddRemoveUpdate'))).toEqual([]);
    });

    it("shows 'Failed to load claim groups. Please try again.' in the panel when the claim groups cannot load", async () => {
      server.use(errorHandlers.failing('/api/Claim/ClaimGroupsPaged', 500));
      renderScreen({ initialUserId: users.signer });
      const region = await findPanel(/User: Sam Signer$/);
      expect(await within(region).findByText('Failed to load claim groups. Please try again.')).toBeInTheDocument();
      // What the user already holds stays visible, so it can still be removed.
      expect(within(region).getByText('Signers')).toBeInTheDocument();
    });

    it('uses the display name in the panel label', async () => {
      renderScreen({ initialUserId: users.admin, getDisplayNames: (list) => list.map((u) => u.name.toUpperCase()) });
      expect(await findPanel(/User: ADA ADMIN$/)).toBeInTheDocument();
    });
  });

  describe('switching tabs', () => {
    it("clears the tab left behind, the chosen claim groups and claims, and resets the claim type filter", async () => {
      const onUserSelected = vi.fn();
      const onUserGroupSelected = vi.fn();
      const { user } = renderScreen({ onUserSelected, onUserGroupSelected });
      await pick(user, await userPicker(), 'Sam Signer');
      let region = await findPanel(/User: Sam Signer$/);
      await user.click(checkboxIn(region, 'UX'));
      expect(checkboxIn(region, 'UX')).not.toBeChecked();
      await user.click(await findCheckboxIn(region, 'Form_Add'));

      await user.click(screen.getByRole('tab', { name: 'User Groups' }));
      // Form_Add is picked but not saved: leaving asks first.
      const prompt = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
      expect(within(prompt).getByText("The changes to 'Sam Signer' have not been saved. They will be lost.")).toBeInTheDocument();
      await user.click(within(prompt).getByRole('button', { name: 'Discard changes' }));
      expect(screen.getByRole('tab', { name: 'User Groups' })).toHaveAttribute('aria-selected', 'true');
      expect(onUserSelected).toHaveBeenLastCalledWith(null);
      expect(panel()).not.toBeInTheDocument();
      await pick(user, await groupPicker(), 'Reviewers');
      expect(onUserGroupSelected).toHaveBeenLastCalledWith(groups.reviewers);
      region = await findPanel(/User Group: Reviewers$/);
      for (const type of ['Server', 'UX', 'Table'])
        expect(checkboxIn(region, type)).toBeChecked();

      await user.click(screen.getByRole('tab', { name: 'Users' }));
      expect(onUserGroupSelected).toHaveBeenLastCalledWith(null);
      expect(panel()).not.toBeInTheDocument();
      expect(await userPicker()).toHaveValue('');
      await pick(user, await userPicker(), 'Sam Signer');
      region = await findPanel(/User: Sam Signer$/);
      for (const type of ['Server', 'UX', 'Table'])
        expect(checkboxIn(region, type)).toBeChecked();
      expect(await findCheckboxIn(region, 'Form_Add')).not.toBeChecked();

      await user.click(screen.getByRole('tab', { name: 'User Groups' }));
      expect(await groupPicker()).toHaveValue('');
    });
  });

  describe('User Groups tab', () => {
    it("disables 'Create Group' while the trimmed name is blank", async () => {
      const { user } = renderScreen({ initialTab: 'userGroups' });
      const create = buttonIn(document.body, 'Create Group');
      expectUnavailable(create);
      await user.type(textboxIn(document.body, 'Group name'), '   ');
      expectUnavailable(create);
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(requestsTo('CreateNewApplicationUserGroup')).toEqual([]);
      await user.type(textboxIn(document.body, 'Group name'), 'x');
      // Available once the session's permissions have arrived (in a browser, often after the typing).
      await waitFor(() => expectAvailable(create));
      // With the permissions known, a blank name still makes it unavailable.
      await user.clear(textboxIn(document.body, 'Group name'));
      await user.type(textboxIn(document.body, 'Group name'), '   ');
      expectUnavailable(create);
    });

    it("creates a group, shows 'Group Created Successfully', refreshes the list and clears the selection", async () => {
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.readers });
      await findPanel(/User Group: Readers$/);
      const hint = 'Pick a user group to see and change its members and permissions.';
      expect(screen.queryByText(hint)).not.toBeInTheDocument();
      // Pasted, then Enter: typed, each letter redrew the screen with its open permission panel.
      await user.click(textboxIn(document.body, 'Group name'));
      await user.paste('  Auditors ');
      await createGroupAvailable();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Group Created Successfully' });
      expect(within(dialog).getByText("User group 'Auditors' has been created successfully.")).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(textboxIn(document.body, 'Group name')).toHaveValue('');
      expect(panel()).not.toBeInTheDocument();
      expect(await groupPicker()).toHaveValue('');
      // Nothing picked any more: the tab says what picking a group brings.
      expect(screen.getByText(hint)).toBeInTheDocument();
      // The list is read again after the create; that answer may land after the dialog has closed (a fresh-clone run
      // read the options first, without the new group, once in six runs).
      await waitFor(async () => expect(await optionsOf(user, await groupPicker())).toContain('Auditors'), { timeout: 10_000 });
    });

    it('keeps the typed name and shows the error when creating fails', async () => {
      server.use(errorHandlers.failing('/api/Claim/CreateNewApplicationUserGroup', 500));
      const { user } = renderScreen({ initialTab: 'userGroups' });
      await user.type(textboxIn(document.body, 'Group name'), 'Auditors');
      await createGroupAvailable();
      await user.click(buttonIn(document.body, 'Create Group'));
      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('An unexpected server error occurred.');
      expect(textboxIn(document.body, 'Group name')).toHaveValue('Auditors');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('says under the box, as it is typed, that a live user group has the name', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups' });
      const box = textboxIn(document.body, 'Group name');
      await user.type(box, 'readers');
      await waitFor(() => expect(box).toHaveAccessibleDescription("A user group named 'Readers' already exists."), { timeout: 5000 });
      await user.keyboard('{Enter}');
      expect(requestsTo('CreateNewApplicationUserGroup')).toHaveLength(0);
    });

    it('says why the server refused a name that is taken', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups' });
      // A look-alike of a taken name (a Cyrillic 'е'): the search does not find it, the server's same-name rule does.
      await user.type(textboxIn(document.body, 'Group name'), 'r\u0435aders');
      await createGroupAvailable();
      await user.keyboard('{Enter}');
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert).toHaveTextContent("An application user group named 'Readers' already exists.");
      expect(within(alert).getByText('Could not create the group')).toBeInTheDocument();
      expect(alert).not.toHaveTextContent('An unexpected server error occurred.');
      expect(textboxIn(document.body, 'Group name')).toHaveValue('r\u0435aders');
    });

    it("edits a group's name ('Save Changes' disabled while blank) and clears the selection", async () => {
      const onUserGroupSelected = vi.fn();
      const { user } = renderScreen({ initialTab: 'userGroups', onUserGroupSelected });
      const picker = await groupPicker();
      expectUnavailable(buttonIn(document.body, 'Edit'));
      expectUnavailable(buttonIn(document.body, 'Delete'));
      await pick(user, picker, 'Reviewers');
      await waitFor(() => expectAvailable(buttonIn(document.body, 'Edit')));
      await findPanel(/User Group: Reviewers$/);
      await user.click(buttonIn(document.body, 'Edit'));
      const dialog = await screen.findByRole('dialog', { name: 'Edit user group' });
      const input = textboxIn(dialog, 'New group name');
      expect(input).toHaveValue('Reviewers');
      const save = within(dialog).getByRole('button', { name: 'Save Changes' });
      await user.clear(input);
      await user.type(input, '   ');
      expectUnavailable(save);
      await user.clear(input);
      await user.paste(' Approvers '); // pasted: typed, each letter redrew the screen with its open permission panel
      await user.click(save);
      await waitFor(() => expect(panel()).not.toBeInTheDocument());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(onUserGroupSelected).toHaveBeenLastCalledWith(null);
      expect(await groupPicker()).toHaveValue('');
      expect(requestsTo('RenameAppUserGroup')[0]?.path).toContain(`currentGroupId=${groups.reviewers}`);
      // The list is asked for again after the rename: its options show the new name once the answer is in.
      let names: (string | null)[] = [];
      await waitFor(async () => {
        names = await optionsOf(user, await groupPicker());
        expect(names).toContain('Approvers');
      });
      expect(names).not.toContain('Reviewers');
    });

    it('keeps the typed name and the selection when renaming fails', async () => {
      server.use(errorHandlers.failing('/api/Claim/RenameAppUserGroup', 500));
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      await findPanel(/User Group: Reviewers$/);
      await user.click(buttonIn(document.body, 'Edit'));
      const dialog = await screen.findByRole('dialog', { name: 'Edit user group' });
      const input = textboxIn(dialog, 'New group name');
      await user.clear(input);
      // Pasted, then Enter: typed, each letter redrew the screen with its open permission panel.
      await user.paste('Approvers');
      await user.keyboard('{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('An unexpected server error occurred.');
      expect(input).toHaveValue('Approvers');
      expect(panel()).toBeInTheDocument();
    });

    it('deletes a group after the confirmation and clears the selection', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      await findPanel(/User Group: Reviewers$/);
      await user.click(buttonIn(document.body, 'Delete'));
      const dialog = await screen.findByRole('dialog', { name: "Delete user group 'Reviewers'?" });
      expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
      expect(
        within(dialog).getByText('All members and permissions associated with this group will be removed.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(panel()).not.toBeInTheDocument());
      expect(requestsTo('DeleteAppUserGroup')[0]?.path).toContain(`groupToDeleteId=${groups.reviewers}`);
      expect(await optionsOf(user, await groupPicker())).not.toContain('Reviewers');
    });

    it('keeps the group and shows the error when deleting fails', async () => {
      server.use(errorHandlers.failing('/api/Claim/DeleteAppUserGroup', 500));
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      await findPanel(/User Group: Reviewers$/);
      await user.click(buttonIn(document.body, 'Delete'));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Could not delete the group');
      expect(alert).toHaveTextContent('An unexpected server error occurred.');
      expect(panel()).toBeInTheDocument();
    });

    it('refetches the user groups from the refresh action', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups' });
      await groupPicker();
      const before = requestsTo('ApplicationUserGroupsPaged').length;
      await user.click(buttonIn(document.body, 'Refresh user groups'));
      await waitFor(() => expect(requestsTo('ApplicationUserGroupsPaged').length).toBe(before + 1));
      expect(requestsTo('ApplicationUserGroupsList')).toHaveLength(0);
    });

    it("shows 'Failed to load user groups. Please try again.' and retries", async () => {
      // As for the users: failing until the alert shows, then answering again.
      server.use(errorHandlers.failing('/api/Claim/ApplicationUserGroupsPaged', 500));
      const { user } = renderScreen({ initialTab: 'userGroups' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user groups. Please try again.');
      server.resetHandlers();
      await user.click(buttonIn(document.body, 'Try again'));
      expect(await groupPicker()).toBeInTheDocument();
    });

    it('shows a loading state, then an empty state when there are no user groups', async () => {
      server.use(
        http.get(`${base}/api/Claim/ApplicationUserGroupsPaged`, async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return HttpResponse.json({ list: [], totalRecCount: 0, totalPageCount: 0 });
        }),
      );
      renderScreen({ initialTab: 'userGroups' });
      expect(screen.getByText('Loading user groups…')).toBeInTheDocument();
      expect(await screen.findByText('No user groups yet. Create one above.')).toBeInTheDocument();
      expect(screen.queryByText('Loading user groups…')).not.toBeInTheDocument();
    });
  });

  describe('Group Members', () => {
    it("shows the chosen group's members and saves the changes, naming the group", async () => {
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.formAuthors });
      const members = await screen.findByRole('combobox', { name: 'Group Members' });
      const save = buttonIn(document.body, 'Save members');
      expectUnavailable(save);
      const offered = await optionsOf(user, members);
      expect(offered).toContain('Rita Reader');
      // Members are picked already, so they are not offered again.
      expect(offered).not.toContain('Eddie Editor');
      expect(offered).not.toContain('Sam Signer');
      await pick(user, members, 'Rita Reader');
      expectAvailable(save);
      await user.click(save);

      const dialog = await screen.findByRole('dialog', { name: 'Group members updated' });
      expect(
        within(dialog).getByText("Users successfully added to application user group 'Form Authors'."),
      ).toBeInTheDocument();
      expect(within(within(dialog).getByRole('region', { name: 'Added' })).getByText('Rita Reader')).toBeInTheDocument();
      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateAppUsersInAppuserGroups'))?.body).toEqual({
        applicationUsersGroups: [groups.formAuthors],
        applicationUsersToAdd: [users.reader],
        applicationUsersToRemove: [],
        removeExistingUnMentioned: false,
      });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(buttonIn(document.body, 'Save members')).toHaveFocus());
      expectUnavailable(buttonIn(document.body, 'Save members'), 'Nothing has changed yet.');
      expect(await optionsOf(user, members)).not.toContain('Rita Reader');
    });

    it("labels the members and the offered users by the host's display-name function, asking about the users shown", async () => {
      const getDisplayNames = vi.fn((list: ApplicationUser[]) => list.map((u) => `${u.name} (${u.userName})`));
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.formAuthors, getDisplayNames });
      const members = await screen.findByRole('combobox', { name: 'Group Members' });
      const root = members.closest('.mantine-MultiSelect-root') as HTMLElement;
      await waitFor(() => expect(root).toHaveTextContent('Eddie Editor (editor)'));
      expect(await optionsOf(user, members)).toContain('Rita Reader (reader)');
      expect(getDisplayNames.mock.calls.every(([asked]) => asked.length <= 50)).toBe(true);
    });

    it('says under Group Members when the display-name function returns another number of names, and shows account names', async () => {
      const { user } = renderScreen({
        initialTab: 'userGroups',
        initialUserGroupId: groups.formAuthors,
        getDisplayNames: async (list) => list.slice(1).map((u) => `~${u.name}`),
      });
      const members = await screen.findByRole('combobox', { name: 'Group Members' });
      await user.click(members);
      const alert = await screen.findByText(/^The display-name function returned \d+ names for \d+ users, so account names are shown instead\.$/);
      expect(alert).toBeInTheDocument();
      await user.keyboard('{Escape}');
      const offered = await optionsOf(user, members);
      expect(offered).toContain('Rita Reader');
      expect(offered.some((n) => n?.startsWith('~'))).toBe(false);
    });

    it('removes a member and says so', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      const members = await screen.findByRole('combobox', { name: 'Group Members' });
      expect(await optionsOf(user, members)).not.toContain('Dan Disabled');
      // Backspace in the empty search removes the last member picked: Dan Disabled.
      await user.click(members);
      await user.keyboard('{Escape}{Backspace}');
      expect(await optionsOf(user, members)).toContain('Dan Disabled');
      await user.click(buttonIn(document.body, 'Save members'));
      const dialog = await screen.findByRole('dialog', { name: 'Group members updated' });
      expect(
        within(dialog).getByText("Users successfully removed from application user group 'Reviewers'."),
      ).toBeInTheDocument();
      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateAppUsersInAppuserGroups'))?.body).toMatchObject({
        applicationUsersToAdd: [],
        applicationUsersToRemove: [users.disabled],
      });
    });

    it('keeps the picked members and shows the error when saving fails', async () => {
      server.use(errorHandlers.failing('/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', 500));
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.formAuthors });
      const members = await screen.findByRole('combobox', { name: 'Group Members' });
      await pick(user, members, 'Rita Reader');
      await user.click(buttonIn(document.body, 'Save members'));
      expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected server error occurred.');
      expectAvailable(buttonIn(document.body, 'Save members'));
      expect(await optionsOf(user, members)).not.toContain('Rita Reader');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("shows 'Failed to load users. Please try again.' instead of the members when the users cannot load", async () => {
      server.use(errorHandlers.failing('/api/Claim/ApplicationUsersPaged', 500));
      renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.formAuthors });
      expect(await screen.findByText('Failed to load users. Please try again.')).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Group Members' })).not.toBeInTheDocument();
    });
  });

  describe('Role & Permission Management of a user group', () => {
    it('is labelled User Group and saves through the AppUserGroupOrUserGroups calls', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      const region = await findPanel('Role & Permission Management User Group: Reviewers');
      expect(within(region).getByText('Form Readers')).toBeInTheDocument();
      expect(await findCheckboxIn(region, 'Signing_DownloadDocument')).toBeChecked();
      await user.click(checkboxIn(region, 'Signing_DownloadDocument'));
      await pick(user, within(region).getByRole('combobox', { name: 'Claim groups' }), 'Signers');
      await user.click(buttonIn(region, 'Save Changes'));
      const dialog = await screen.findByRole('dialog', { name: 'Permission changes' });
      expect(
        within(dialog).getByText(
          "Claims successfully added to, removed from or updated for user group 'Reviewers'. Claim groups successfully added to or removed from user group 'Reviewers'.",
        ),
      ).toBeInTheDocument();
      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups'))?.body).toEqual({
        claimSets: [groups.reviewers],
        claimBaseToAddUpdate: [],
        claimEnumsToRemoveValue: [Permission.Signing_DownloadDocument],
        removeExistingUnMentionedClaimBase: false,
      });
      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups'))?.body).toEqual({
        claimGroupSets: [groups.reviewers],
        claimGroupsToAdd: [claimGroups.signers],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      });
      expect(bodies.some((b) => b.path.includes('AppUserOrUsers'))).toBe(false);
    });
  });
  describe('a user who may read but not change permissions', () => {
    it('offers no sync, create, rename, delete, membership or grant control, each with the reason', async () => {
      backend.setEnforceClaims(true);
      backend.setCurrentUser(users.auditor);
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      const region = await findPanel(/User Group: Reviewers$/);
      const manage = "You need the permission 'Claim_ManageUserGroups' for this.";
      await waitFor(() => expectUnavailable(buttonIn(document.body, 'Create Group'), manage));
      expectUnavailable(await findButtonIn(document.body, 'Edit'), manage);
      expectUnavailable(await findButtonIn(document.body, 'Delete'), manage);
      expectUnavailable(
        await findButtonIn(document.body, 'Save members'),
        "You need the permission 'Claim_AssignUsersToGroups' for this.",
      );
      expect((await screen.findByRole('combobox', { name: 'Group Members' }))).toHaveAttribute('readonly');
      expectUnavailable(
        buttonIn(region, 'Clear All'),
        "You need the permission 'Claim_AssignClaims' for this.",
      );
      expect(await findCheckboxIn(region, 'Form_Add')).toBeDisabled();
      expect(within(region).getByRole('combobox', { name: 'Claim groups' })).toHaveAttribute('readonly');
      await user.click(buttonIn(document.body, 'Edit'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('tab', { name: 'Users' }));
      const sync = await findButtonIn(document.body, 'Full Sync');
      expectUnavailable(sync, "You need the permission 'Claim_FullSync' for this.");
      await user.click(sync);
      expect(requestsTo('FullSyncAndReturnExternalUsers')).toHaveLength(0);
      expect(bodies).toHaveLength(0);
    });
  });

  describe('Group Members and unsaved changes', () => {
    it('warns before another group is chosen while members are unsaved', async () => {
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.reviewers });
      await findPanel(/User Group: Reviewers$/);
      await pick(user, (await screen.findByRole('combobox', { name: 'Group Members' })), 'Nora Newcomer');
      await user.keyboard('{Escape}');
      await pick(user, await groupPicker(), 'Readers');
      const prompt = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
      await user.click(within(prompt).getByRole('button', { name: 'Keep editing' }));
      expect(await groupPicker()).toHaveValue('Reviewers');
      expect((await screen.findByRole('combobox', { name: 'Group Members' })).closest('.mantine-MultiSelect-root')).toHaveTextContent(
        'Nora Newcomer',
      );
    });
  });
  describe('your own administrator access', () => {
    it('asks before you leave the user group that makes you an administrator', async () => {
      // Ada is an administrator through her own link to Administrators too: remove that first.
      backend.db.claimGroupLinks = backend.db.claimGroupLinks.filter(
        (l) => !(l.holderKind === 'user' && l.holderId === users.admin),
      );
      const { user } = renderScreen({ initialTab: 'userGroups', initialUserGroupId: groups.platformTeam });
      await findPanel(/User Group: Platform Team$/);
      const members = (await screen.findByRole('combobox', { name: 'Group Members' }));
      const adaPill = within(members.closest('.mantine-MultiSelect-root') as HTMLElement).getByText('Ada Admin');
      await user.click(within(adaPill.closest('.mantine-Pill-root') as HTMLElement).getByRole('button', { hidden: true }));
      await user.click(buttonIn(document.body, 'Save members'));
      const dialog = await screen.findByRole('dialog', { name: 'Remove your own administrator access?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(requestsTo('AddRemoveUpdateAppUsersInAppuserGroups')).toHaveLength(0);
    });
  });
});

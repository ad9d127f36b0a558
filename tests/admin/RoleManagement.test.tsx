import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import { RoleManagement, type RoleManagementProps } from '../../src/admin';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import {
  base,
  buttonIn,
  checkboxIn,
  findButtonIn,
  dialogNamed,
  expectAvailable,
  expectNoCheckboxIn,
  expectUnavailable,
  findCheckboxIn,
  findRegion,
  findTextboxIn,
  renderInApi,
  sectionsNamed,
  setupFakeApi,
  textboxIn,
} from './support/screen';

const { backend, server, bodies, requestsTo } = setupFakeApi();
const ids = seedIds.claimGroups;

function renderScreen(props: RoleManagementProps = {}) {
  return renderInApi(<RoleManagement {...props} />);
}
type User = ReturnType<typeof renderScreen>['user'];

const picker = () => screen.getByRole('combobox', { name: 'Claim group' });
const groupOptions = async (user: User) => {
  await user.click(picker());
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
};
const pickGroup = async (user: User, name: string) => {
  await user.click(await screen.findByRole('combobox', { name: 'Claim group' }));
  await user.click(await screen.findByRole('option', { name }));
};
/** The Configure Role panel, visible or not (queried by its label's text, then checked: tests/admin/support/screen). */
const configurePanel = () => sectionsNamed(/^Configure Role/)[0] ?? null;
/**
 * The Configure Role panel named `name`, once it and the picker row's actions are there: a panel for `initialGroupId`
 * may show before the group list that brings the picker row with Rename and Delete (in a browser it often does).
 */
const openPanel = async (name: string) => {
  const panel = await findRegion(`Configure Role: ${name}`);
  await findButtonIn(document.body, 'Rename');
  return panel;
};
const button = (name: string, within_: HTMLElement = document.body) => buttonIn(within_, name);
describe('RoleManagement', () => {
  describe('creating a group', () => {
    it("shows the spec's heading and subtitle, and 'Create Group' is unavailable for a blank or whitespace name", async () => {
      const { user } = renderScreen();
      expect(screen.getByRole('heading', { level: 1, name: 'Role Management' })).toBeInTheDocument();
      expect(screen.getByText('Create and manage claim groups with their associated permissions')).toBeInTheDocument();
      const create = button('Create Group');
      const name = textboxIn(document.body, 'Group name');
      await waitFor(() => expectUnavailable(create));
      // A name makes it available once the permissions are known (until then it waits, with its reason: a test below);
      // a blank or whitespace name then makes it unavailable again, and Enter creates nothing.
      await user.type(name, 'x');
      await waitFor(() => expectAvailable(create), { timeout: 5000 });
      await user.clear(name);
      expectUnavailable(create);
      await user.type(name, '   ');
      expectUnavailable(create);
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(requestsTo('CreateNewClaimGroup')).toHaveLength(0);
    });

    it("creates a group, says 'Group Created Successfully', selects the new group and gives the focus back", async () => {
      const { user } = renderScreen();
      await screen.findByRole('combobox', { name: 'Claim group' });
      const sessions = requestsTo('GetMyClaims').length;
      await user.type(textboxIn(document.body, 'Group name'), '  Auditors ');
      await waitFor(() => expectAvailable(button('Create Group')), { timeout: 5000 });
      await user.click(button('Create Group'));
      const dialog = await dialogNamed('Group Created Successfully');
      expect(within(dialog).getByText("Role group 'Auditors' has been created successfully.")).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(button('Create Group')).toHaveFocus());
      expect(textboxIn(document.body, 'Group name')).toHaveValue('');
      expect(await openPanel('Auditors')).toBeInTheDocument();
      expect(picker()).toHaveValue('Auditors');
      // Creating changes nobody's claims: the session's claims were not fetched again; no full list was ever loaded.
      expect(requestsTo('GetMyClaims')).toHaveLength(sessions);
      expect(requestsTo('ClaimGroupsList')).toHaveLength(0);
    });

    it('keeps what is typed while the permissions load, and waits with the reason before creating', async () => {
      // The claims arrive only when the test says so (a fixed delay raced the typing on a busy machine).
      let release = () => {};
      const claimsHeld = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.get(`${base}/api/Claim/GetMyClaims`, async () => {
          await claimsHeld;
          return undefined; // then the fake answers
        }),
      );
      const { user } = renderScreen();
      const create = button('Create Group');
      await user.type(textboxIn(document.body, 'Group name'), 'Auditors');
      expect(textboxIn(document.body, 'Group name')).toHaveValue('Auditors');
      expectUnavailable(create, 'Checking your permissions…');
      release();
      await waitFor(() => expectAvailable(create));
    });

    it("keeps the typed name and reads 'An unexpected server error occurred.' under 'Could not create the group' for a 5xx", async () => {
      server.use(errorHandlers.failing('/api/Claim/CreateNewClaimGroup', 500));
      const { user } = renderScreen();
      await user.type(textboxIn(document.body, 'Group name'), 'Auditors');
      // Enter creates once the permissions are known (before, the button says why it waits).
      await waitFor(() => expectAvailable(button('Create Group')), { timeout: 5000 });
      await user.keyboard('{Enter}');
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(within(alert).getByText('Could not create the group')).toBeInTheDocument();
      expect(alert).toHaveTextContent('An unexpected server error occurred.');
      expect(textboxIn(document.body, 'Group name')).toHaveValue('Auditors');
    });

    it('says under the box, as it is typed, that a live group has the name, and sends nothing', async () => {
      const { user } = renderScreen();
      const box = textboxIn(document.body, 'Group name');
      await user.type(box, 'signers');
      await waitFor(() => expect(box).toHaveAccessibleDescription("A claim group named 'Signers' already exists."), { timeout: 5000 });
      await user.keyboard('{Enter}');
      expect(requestsTo('CreateNewClaimGroup')).toHaveLength(0);
      expect(box).toHaveValue('signers');
    });

    it('shows the reason of a refusal as the message, not as a server failure, and keeps what was typed', async () => {
      const { user } = renderScreen();
      // A look-alike of a taken name (a Cyrillic 'е'): the search does not find it, the server's same-name rule does.
      await user.type(textboxIn(document.body, 'Group name'), 'sign\u0435rs');
      await waitFor(() => expectAvailable(button('Create Group')), { timeout: 5000 });
      await user.keyboard('{Enter}');
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(within(alert).getByText('Could not create the group')).toBeInTheDocument();
      expect(alert).toHaveTextContent("A claim group named 'Signers' already exists.");
      expect(alert).not.toHaveTextContent('An unexpected server error occurred.');
      expect(textboxIn(document.body, 'Group name')).toHaveValue('sign\u0435rs');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('renaming and deleting', () => {
    it("renames in a dialog ('Save Changes' unavailable while blank or unchanged), says so and clears the selection", async () => {
      const selected: (string | null)[] = [];
      const { user } = renderScreen({ onGroupSelected: (id) => selected.push(id) });
      // Nothing picked yet: the screen says what picking a group brings.
      const hint = 'Pick a claim group to see and change its sub-groups and permissions.';
      expect(await screen.findByText(hint)).toBeInTheDocument();
      await pickGroup(user, 'Signers');
      expect(selected).toEqual([ids.signers]);
      await openPanel('Signers');
      expect(screen.queryByText(hint)).not.toBeInTheDocument();
      await user.click(button('Rename'));
      const dialog = await dialogNamed('Rename claim group');
      const input = textboxIn(dialog, 'New group name');
      const save = within(dialog).getByRole('button', { name: 'Save Changes' });
      expect(input).toHaveValue('Signers');
      expectUnavailable(save, 'Nothing has changed yet.');
      await user.clear(input);
      await user.type(input, '  ');
      expectUnavailable(save);
      await user.clear(input);
      await user.paste('Signatories'); // pasted: typed, each letter redrew the screen with its open permission panel
      await user.click(save);
      await waitFor(() => expect(configurePanel()).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("'Signers' was renamed to 'Signatories'."));
      expect(selected).toEqual([ids.signers, null]);
      expect(picker()).toHaveValue('');
      expect(screen.getByText(hint)).toBeInTheDocument();
      // The picker's options show the new name once the renamed group is in the list (in a browser, a moment later).
      let names: (string | null)[] = [];
      await waitFor(async () => {
        names = await groupOptions(user);
        expect(names).toContain('Signatories');
      });
      expect(names).not.toContain('Signers');
      expect(requestsTo('ClaimGroupsList')).toHaveLength(0);
    });

    it("keeps the dialog open with the server's reason under 'Could not rename the group'", async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      await openPanel('Signers');
      await user.click(button('Rename'));
      const dialog = await dialogNamed('Rename claim group');
      const input = textboxIn(dialog, 'New group name');
      await user.clear(input);
      // Pasted, then Enter: typed, each letter redrew the screen with its open permission panel. A look-alike of a taken
      // name (a Cyrillic 'е'): the search does not find it, the server's same-name rule does.
      await user.paste('No Hard D\u0435lete');
      await user.keyboard('{Enter}');
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Could not rename the group');
      expect(alert).toHaveTextContent("A claim group named 'No Hard Delete' already exists.");
      expect(alert).not.toHaveTextContent('An unexpected server error occurred.');
      expect(input).toHaveValue('No Hard D\u0435lete');
    });

    it("deletes after the spec's confirmation, says so and clears the selection", async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      await openPanel('Signers');
      await user.click(button('Delete'));
      const dialog = await dialogNamed("Delete claim group 'Signers'?");
      expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
      expect(
        within(dialog).getByText('All permissions and sub-groups associated with this role will be removed.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(configurePanel()).not.toBeInTheDocument());
      // Waited for: in a browser a fresh-clone run once read the status empty the moment the panel closed.
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("'Signers' was deleted."));
      // The picker's options leave the group out once the list is in again (in a browser, a moment later).
      await waitFor(async () => expect(await groupOptions(user)).not.toContain('Signers'));
    });

    it('keeps a group when the confirmation is cancelled', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      await openPanel('Signers');
      await user.click(button('Delete'));
      await user.click(within(await dialogNamed("Delete claim group 'Signers'?")).getByRole('button', { name: 'Cancel' }));
      expect(requestsTo('DeleteClaimGroupByName')).toHaveLength(0);
      expect(await openPanel('Signers')).toBeInTheDocument();
    });

    it('disables Delete of a built-in group with the reason as its tooltip', async () => {
      const { user } = renderScreen({ initialGroupId: ids.administrators });
      await openPanel('Administrators');
      const reason =
        "'Administrators' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.";
      const remove = await findButtonIn(document.body, 'Delete');
      await waitFor(() => expectUnavailable(remove, reason));
      await user.click(remove);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.hover(remove);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
      expectAvailable(button('Rename'));
    });
  });

  describe('choosing a group', () => {
    it('never offers the group itself or a group that contains it as a sub-group', async () => {
      const { user } = renderScreen({ initialGroupId: ids.formReaders });
      const panel = await openPanel('Form Readers');
      await user.click(within(panel).getByRole('combobox', { name: 'Sub-claim groups' }));
      // The groups arrive from the server: wait for one, then read every option offered.
      await screen.findByRole('option', { name: 'Signers' });
      const offered = screen.getAllByRole('option').map((o) => o.textContent);
      expect(offered).toContain('Signers');
      expect(offered).toContain('Administrators');
      expect(offered).not.toContain('Form Readers');
      expect(offered).not.toContain('Form Editors');
    });

    it('warns before another group is chosen while changes are unsaved, and keeps them on request', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await user.click(await findCheckboxIn(panel, 'Form_Add'));
      await pickGroup(user, 'No Hard Delete');
      const dialog = await dialogNamed('Discard unsaved changes?');
      expect(within(dialog).getByText("The changes to 'Signers' have not been saved. They will be lost.")).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
      expect(await openPanel('Signers')).toBeInTheDocument();
      expect(checkboxIn(panel, 'Form_Add')).toBeChecked();

      await pickGroup(user, 'No Hard Delete');
      await user.click(within(await dialogNamed('Discard unsaved changes?')).getByRole('button', { name: 'Discard changes' }));
      expect(await openPanel('No Hard Delete')).toBeInTheDocument();
      await pickGroup(user, 'Signers');
      const again = await openPanel('Signers');
      expect(await findCheckboxIn(again, 'Form_Add')).not.toBeChecked();
    });

    it('switches without asking when nothing is unsaved', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      await openPanel('Signers');
      await pickGroup(user, 'No Hard Delete');
      expect(await openPanel('No Hard Delete')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('Configure Role', () => {
    it("keeps 'Save Changes' unavailable while nothing changed", async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      const save = button('Save Changes', panel);
      expectUnavailable(save, 'Nothing has changed yet.');
      await user.click(save);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(await findCheckboxIn(panel, 'Form_Add'));
      expectAvailable(save);
      await user.click(checkboxIn(panel, 'Form_Add'));
      expectUnavailable(save, 'Nothing has changed yet.');
    });

    it('filters the permission categories by claim type, all three by default', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      for (const type of ['Server', 'UX', 'Table']) expect(checkboxIn(panel, type)).toBeChecked();
      expect(await findCheckboxIn(panel, 'Select all Buttons')).toBeInTheDocument();
      expect(checkboxIn(panel, 'Select all Form')).toBeInTheDocument();
      await user.click(checkboxIn(panel, 'UX'));
      await waitFor(() =>
        expectNoCheckboxIn(panel, 'Select all Buttons'),
      );
      expect(await findCheckboxIn(panel, 'Select all Form')).toBeInTheDocument();
      expect(checkboxIn(panel, 'Select all Row-level permissions')).toBeInTheDocument();
    });

    it('filters the permissions by name or description with the search box', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await findCheckboxIn(panel, 'Form_Add');
      const search = within(panel).getByRole('searchbox', { name: 'Search permissions' });
      await user.type(search, 'primitive');
      const boxes = () => within(panel).getAllByRole('checkbox').map((c) => c.getAttribute('aria-label') ?? c.closest('label')?.textContent ?? '');
      expect(checkboxIn(panel, /DynamicFormLinking_GetAllPrimitivePaths/)).toBeInTheDocument();
      expectNoCheckboxIn(panel, 'Form_Add');
      expect(boxes().length).toBeLessThan(10);
      // By description: Claim_FullSync is described as synchronising users with the identity provider. The next two
      // searches are pasted into the box, which keeps the focus after clearing: one change each, where typing redrew
      // the filtered categories once per letter (typing is the case above).
      await user.clear(search);
      await user.paste('identity provider');
      expect(checkboxIn(panel, /Claim_FullSync/)).toBeInTheDocument();
      expectNoCheckboxIn(panel, /DynamicFormLinking_GetAllPrimitivePaths/);
      await user.clear(search);
      await user.paste('zzz-no-such');
      expect(within(panel).getByText("No permissions match 'zzz-no-such'.")).toBeInTheDocument();
      await user.clear(search);
      expect(checkboxIn(panel, 'Form_Add')).toBeInTheDocument();
    });

    it('treats an emptied or out-of-range priority as invalid: shown at the input as typed, Save Changes unavailable until it is mended', async () => {
      const { user } = renderScreen({ initialGroupId: ids.noHardDelete });
      const panel = await openPanel('No Hard Delete');
      const priority = await findTextboxIn(panel, 'Priority of FormGroup_Delete');
      expect(priority).toHaveValue('10');
      expect(within(panel).getAllByText('0–1000').length).toBeGreaterThan(0);
      await user.clear(priority);
      expect(priority).toHaveValue('');
      expect(priority).toHaveAttribute('aria-invalid', 'true');
      expect(within(panel).getByText('Enter a priority from 0 to 1000.')).toBeInTheDocument();
      const save = button('Save Changes', panel);
      expectUnavailable(save, 'Every permission needs a priority from 0 to 1000.');
      await user.click(save);
      expect(bodies).toHaveLength(0);
      // Out of range, the number stays as typed (no clamp to 1000, no key refused to make it 200), marked the same way.
      await user.type(priority, '2000');
      expect(priority).toHaveValue('2000');
      expect(priority).toHaveAttribute('aria-invalid', 'true');
      expect(within(panel).getByText('Enter a priority from 0 to 1000.')).toBeInTheDocument();
      expectUnavailable(save, 'Every permission needs a priority from 0 to 1000.');
      await user.clear(priority);
      await user.type(priority, '12');
      expect(priority).not.toHaveAttribute('aria-invalid', 'true');
      expectAvailable(save);
      await user.click(save);
      await dialogNamed('Permission changes');
      expect(bodies[0]?.body).toMatchObject({
        claimBaseToAddUpdate: [{ claimValue: Permission.FormGroup_Delete, priorityOfPermission: 12, allow: false }],
      });
    });

    it('saves claims and sub-groups as one change, lists Added, Removed and Updated and says what changed', async () => {
      const { user } = renderScreen({ initialGroupId: ids.noHardDelete });
      const panel = await openPanel('No Hard Delete');
      await user.click(await findCheckboxIn(panel, 'Form_Delete'));
      await user.click(checkboxIn(panel, 'Form_Add'));
      const priority = textboxIn(panel, 'Priority of FormGroup_Delete');
      await user.tripleClick(priority);
      await user.keyboard('20');
      expect(textboxIn(panel, 'Priority of Form_Add')).toHaveValue('1');
      await user.click(within(panel).getByRole('combobox', { name: 'Sub-claim groups' }));
      await user.click(await screen.findByRole('option', { name: 'Signers' }));
      const loadsOfGroup = () => requestsTo('ClaimGroupsPaged').filter((r) => r.path.includes(`search=${ids.noHardDelete}`));
      const invalidations = loadsOfGroup().length;
      await user.click(button('Save Changes', panel));

      const dialog = await dialogNamed('Permission changes');
      const section = (name: string) => within(within(dialog).getByRole('region', { name }));
      expect(section('Added').getByText(/Form_Add/)).toBeInTheDocument();
      expect(section('Added').getByText(/Signers/)).toBeInTheDocument();
      expect(section('Removed').getByText(/Form_Delete/)).toBeInTheDocument();
      expect(section('Updated').getByText(/FormGroup_Delete/)).toBeInTheDocument();
      expect(
        within(dialog).getByText(
          "Claims successfully added to, removed from or updated for claim group 'No Hard Delete'. Sub-groups successfully added to or removed from claim group 'No Hard Delete'.",
        ),
      ).toBeInTheDocument();
      // One invalidation round for the two calls: the chosen group is loaded again once.
      await waitFor(() => expect(loadsOfGroup()).toHaveLength(invalidations + 1));

      const claims = bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups'))?.body;
      expect(claims).toEqual({
        claimSets: [ids.noHardDelete],
        claimBaseToAddUpdate: expect.arrayContaining([
          { claimValue: Permission.Form_Add, claimType: 1, allow: true, priorityOfPermission: 1 },
          { claimValue: Permission.FormGroup_Delete, claimType: 1, allow: false, priorityOfPermission: 20 },
        ]),
        claimEnumsToRemoveValue: [Permission.Form_Delete],
        removeExistingUnMentionedClaimBase: false,
      });
      expect((claims as { claimBaseToAddUpdate: unknown[] }).claimBaseToAddUpdate).toHaveLength(2);
      expect(bodies.find((b) => b.path.endsWith('/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups'))?.body).toEqual({
        claimGroupSets: [ids.noHardDelete],
        claimGroupsToAdd: [ids.signers],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      });
    });

    it('says only sub-groups changed when only sub-groups changed, and gives the focus back to Save Changes', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await user.click(within(panel).getByRole('combobox', { name: 'Sub-claim groups' }));
      await user.click(await screen.findByRole('option', { name: 'No Hard Delete' }));
      const save = button('Save Changes', panel);
      await user.click(save);
      const dialog = await dialogNamed('Permission changes');
      expect(within(dialog).getByText("Sub-groups successfully added to or removed from claim group 'Signers'.")).toBeInTheDocument();
      expect(within(dialog).queryByText(/Claims successfully/)).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(button('Save Changes', panel)).toHaveFocus());
      expectUnavailable(button('Save Changes', panel), 'Nothing has changed yet.');
    });

    it("says 'No changes were made to the permissions.' when the server changed nothing", async () => {
      // The server answers the group's grants as they were: someone else had made this change already.
      const unchanged = backend.db.claimGrants
        .filter((g) => g.holderKind === 'claimGroup' && g.recordId === ids.signers && !g.isDeleted)
        .map((g) => ({ ...g }));
      server.use(
        http.post(`${base}/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups`, () => HttpResponse.json(unchanged)),
      );
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await user.click(await findCheckboxIn(panel, 'Form_Add'));
      await user.click(button('Save Changes', panel));
      const dialog = await dialogNamed('Permission changes');
      expect(within(dialog).getByText('No changes were made to the permissions.')).toBeInTheDocument();
      expect(within(dialog).queryByText(/successfully/)).not.toBeInTheDocument();
    });

    it("keeps the selection and reads 'Could not save the changes' when saving fails", async () => {
      server.use(errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', 500));
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await user.click(await findCheckboxIn(panel, 'Form_Add'));
      await user.click(button('Save Changes', panel));
      const alert = await within(panel).findByRole('alert');
      expect(alert).toHaveTextContent('Could not save the changes');
      expect(alert).toHaveTextContent('An unexpected server error occurred.');
      expect(checkboxIn(panel, 'Form_Add')).toBeChecked();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('explains a refusal (409) in the words of the server', async () => {
      const detail = 'This change would leave no enabled user with GlobalDataAdmin, so it was refused.';
      server.use(
        errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', 409, {
          body: { type: 'about:blank', title: 'Conflict', status: 409, detail },
        }),
      );
      const { user } = renderScreen({ initialGroupId: ids.administrators });
      const panel = await openPanel('Administrators');
      await user.click(button('Clear All', panel));
      await user.click(within(await dialogNamed('Clear all selected items?')).getByRole('button', { name: 'Clear All' }));
      await user.click(button('Save Changes', panel));
      // Clearing Administrators takes Ada's own administrator access: she is asked first.
      await user.click(within(await dialogNamed('Remove your own administrator access?')).getByRole('button', { name: 'Save anyway' }));
      const alert = await within(panel).findByRole('alert');
      expect(alert).toHaveTextContent('Could not save the changes');
      expect(alert).toHaveTextContent(detail);
      expect(alert).not.toHaveTextContent('An unexpected server error occurred.');
    });

    it('undoes the saved claims when the sub-group part fails, and says so', async () => {
      const detail = "The claim group 'Signers' would contain itself.";
      server.use(
        errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', 409, {
          body: { type: 'about:blank', title: 'Conflict', status: 409, detail },
        }),
      );
      const before = backend.db.claimGrants.filter((g) => g.recordId === ids.noHardDelete).map((g) => g.claimValue).sort();
      const { user } = renderScreen({ initialGroupId: ids.noHardDelete });
      const panel = await openPanel('No Hard Delete');
      await user.click(await findCheckboxIn(panel, 'Form_Delete'));
      await user.click(checkboxIn(panel, 'Form_Add'));
      await user.click(within(panel).getByRole('combobox', { name: 'Sub-claim groups' }));
      await user.click(await screen.findByRole('option', { name: 'Signers' }));
      await user.click(button('Save Changes', panel));
      const alert = await within(panel).findByRole('alert');
      expect(alert).toHaveTextContent(`${detail} The part that had been saved was undone, so nothing was changed.`);
      const claimCalls = bodies.filter((b) => b.path.endsWith('/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups'));
      expect(claimCalls).toHaveLength(2);
      expect(claimCalls[1]?.body).toMatchObject({
        claimBaseToAddUpdate: [expect.objectContaining({ claimValue: Permission.Form_Delete, allow: false, priorityOfPermission: 10 })],
        claimEnumsToRemoveValue: [Permission.Form_Add],
      });
      await waitFor(() =>
        expect(
          backend.db.claimGrants.filter((g) => g.recordId === ids.noHardDelete && !g.isDeleted).map((g) => g.claimValue).sort(),
        ).toEqual(before),
      );
      // The selection is kept, so the user can fix it and save again.
      expect(checkboxIn(panel, 'Form_Add')).toBeChecked();
    });

    it('asks before saving a change that takes away your own administrator access', async () => {
      const { user } = renderScreen({ initialGroupId: ids.administrators });
      const panel = await openPanel('Administrators');
      await user.click(await findCheckboxIn(panel, 'GlobalDataAdmin'));
      await user.click(button('Save Changes', panel));
      const dialog = await dialogNamed('Remove your own administrator access?');
      expect(
        within(dialog).getByText(
          'After this change you are no longer an administrator: you may lose access to this screen, and only another administrator can give it back.',
        ),
      ).toBeInTheDocument();
      // The server answered the question: no list of users, user groups or claim groups was loaded.
      expect(requestsTo('RemovesMyAdminAccess')).toHaveLength(1);
      expect([...requestsTo('ApplicationList'), ...requestsTo('ApplicationUserGroupsList'), ...requestsTo('ClaimGroupsList')]).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(bodies).toHaveLength(0);
      await user.click(button('Save Changes', panel));
      await user.click(within(await dialogNamed('Remove your own administrator access?')).getByRole('button', { name: 'Save anyway' }));
      await waitFor(() => expect(requestsTo('AddRemoveUpdateClaimsToClaimGroupOrClaimGroups')).toHaveLength(1));
    });

    it('saves without asking when your own administrator access stays', async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await user.click(await findCheckboxIn(panel, 'FormSigner_Add'));
      await user.click(button('Save Changes', panel));
      expect(await dialogNamed('Permission changes')).toBeInTheDocument();
    });

    it("asks before 'Clear All' and then clears every selected item", async () => {
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      await user.click(button('Clear All', panel));
      const dialog = await dialogNamed('Clear all selected items?');
      expect(
        within(dialog).getByText('Are you sure you want to clear all selected items? This action cannot be undone.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
      expect(within(panel).getByText('No permissions selected.')).toBeInTheDocument();
      expectUnavailable(button('Clear All', panel), 'Nothing is selected.');
    });
  });

  describe('load errors (docs/spec.md, Error catalogue)', () => {
    it("shows 'Failed to load claim groups. Please try again.' and retries", async () => {
      // Every request fails until the alert shows (not just the first: a request still on its way from the previous
      // test's screen could take a one-time failure); then the fake answers again.
      server.use(errorHandlers.failing('/api/Claim/ClaimGroupsPaged', 500));
      const { user } = renderScreen();
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load claim groups. Please try again.');
      server.resetHandlers();
      await user.click(button('Try again'));
      expect(await screen.findByRole('combobox', { name: 'Claim group' })).toBeInTheDocument();
    });

    it("shows 'Failed to load claims. Please try again.' when the categories cannot load", async () => {
      server.use(errorHandlers.failing('/api/Claim/GetClaimEntriesForClaimTypes', 500));
      renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      expect(await within(panel).findByText('Failed to load claims. Please try again.')).toBeInTheDocument();
    });

    it("shows 'Failed to load permissions. Please try again.' when the permissions cannot load", async () => {
      server.use(errorHandlers.failing('/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes', 500));
      renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      expect(await within(panel).findByText('Failed to load permissions. Please try again.')).toBeInTheDocument();
    });
  });

  describe('rendering only what changed', () => {
    /**
     * Counts the renders of Mantine components by name: a theme's `defaultProps` of a component, when a function, is
     * called on each render of that component.
     */
    function renderCounter(names: readonly string[]) {
      const renders = new Map<string, number>();
      const theme: MantineThemeOverride = {
        components: Object.fromEntries(
          names.map((name) => [name, { defaultProps: () => (renders.set(name, (renders.get(name) ?? 0) + 1), {}) }]),
        ),
      };
      return { theme, renders: (name: string) => renders.get(name) ?? 0, clear: () => renders.clear() };
    }

    it("redraws the ticked box's category and the row it removes, not the other categories or rows", async () => {
      const counter = renderCounter(['Switch', 'TableTr', 'Fieldset', 'NumberInput']);
      let commits = 0;
      const { user } = renderInApi(
        <MantineThemeProvider theme={counter.theme}>
          <Profiler id="screen" onRender={() => commits++}>
            <RoleManagement initialGroupId={ids.administrators} />
          </Profiler>
        </MantineThemeProvider>,
      );
      const panel = await openPanel('Administrators');
      const box = await findCheckboxIn(panel, 'GlobalDataAdmin');
      const rows = () => panel.querySelectorAll('tbody tr').length;
      const selected = rows();
      expect(selected).toBeGreaterThan(50);
      expect(panel.querySelectorAll('fieldset').length).toBeGreaterThan(10);
      // Opening the panel: each row renders once, and once more when Mantine gives its inputs their ids after mounting;
      // not again when the claim catalogue (names and descriptions) arrives.
      expect(counter.renders('Switch')).toBeLessThanOrEqual(2 * selected);
      expect(counter.renders('Switch')).toBeGreaterThanOrEqual(selected);

      counter.clear();
      commits = 0;
      await user.click(box);
      expect(box).not.toBeChecked();
      expect(rows()).toBe(selected - 1);
      expect(commits).toBeGreaterThan(0);
      // The box's own category, once; no row's cells (the removed row unmounts, the others are as they were).
      expect(counter.renders('Fieldset')).toBe(1);
      expect(counter.renders('TableTr')).toBe(0);
      expect(counter.renders('Switch')).toBe(0);

      counter.clear();
      const priority = textboxIn(panel, 'Priority of Form_Add');
      const was = (priority as HTMLInputElement).value;
      await user.type(priority, '7');
      expect(priority).toHaveValue(`${was}7`);
      // One keystroke in one of the rows: that row alone, and no category.
      expect(counter.renders('TableTr')).toBe(1);
      expect(counter.renders('Switch')).toBe(1);
      expect(counter.renders('Fieldset')).toBe(0);
    });
  });

  describe('a user who may read but not change permissions', () => {
    it('offers no create, rename, delete or grant control, each with the reason', async () => {
      backend.setEnforceClaims(true);
      backend.setCurrentUser(seedIds.users.auditor);
      const { user } = renderScreen({ initialGroupId: ids.signers });
      const panel = await openPanel('Signers');
      const manage = "You need the permission 'Claim_ManageClaimGroups' for this.";
      await waitFor(() => expectUnavailable(button('Create Group'), manage));
      expect(textboxIn(document.body, 'Group name')).toHaveAttribute('readonly');
      expectUnavailable(button('Rename'), manage);
      expectUnavailable(button('Delete'), manage);
      expectUnavailable(button('Clear All', panel), "You need the permission 'Claim_AssignClaims' for this.");
      expect(within(panel).getByText("You need the permission 'Claim_AssignClaims' for this.", { selector: '.mantine-Alert-message *, .mantine-Alert-message' })).toBeInTheDocument();
      const formAdd = await findCheckboxIn(panel, 'Form_Add');
      expect(formAdd).toBeDisabled();
      expect(checkboxIn(panel, 'Select all Form')).toBeDisabled();
      expect(within(panel).getByRole('combobox', { name: 'Sub-claim groups' })).toHaveAttribute('readonly');
      await user.click(button('Rename'));
      await user.click(button('Delete'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expectUnavailable(button('Save Changes', panel));
      expect(bodies).toHaveLength(0);
    });
  });

  describe('as a component', () => {
    it('sets its display name and its views', () => {
      expect(RoleManagement.displayName).toBe('@ccq/forms-admin/RoleManagement');
    });

    it('passes classNames and styles to the named inner parts (picker, panel, dialogs)', async () => {
      const { user } = renderScreen({
        initialGroupId: ids.signers,
        classNames: { root: 'my-root', picker: 'my-picker', panel: 'my-panel', editor: 'my-editor', dialog: 'my-dialog' },
        styles: { panel: { outline: '3px solid rgb(255, 0, 0)' } },
      });
      const panel = await openPanel('Signers');
      expect(panel).toHaveClass('my-panel');
      expect(panel).toHaveStyle({ outline: '3px solid rgb(255, 0, 0)' });
      expect(panel.querySelector('.my-editor')).not.toBeNull();
      expect(screen.getByRole('region', { name: /Role Management/ })).toHaveClass('my-root');
      expect(picker().closest('.my-picker')).not.toBeNull();
      await user.click(button('Delete'));
      const dialog = await dialogNamed("Delete claim group 'Signers'?");
      expect(dialog.closest('.my-dialog') ?? dialog.querySelector('.my-dialog') ?? (dialog.classList.contains('my-dialog') ? dialog : null)).not.toBeNull();
    });

    it('takes every text from one labels object: the provider, then its own labels prop', async () => {
      server.use(errorHandlers.failing('/api/Claim/ClaimGroupsPaged', 500));
      renderInApi(<RoleManagement labels={{ tryAgain: 'Nochmal', createGroup: 'Gruppe anlegen' }} />, {
        failedToLoadClaimGroups: 'Rollen konnten nicht geladen werden.',
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Rollen konnten nicht geladen werden.');
      expect(within(alert).getByRole('button', { name: 'Nochmal' })).toBeInTheDocument();
      expect(button('Gruppe anlegen')).toBeInTheDocument();
    });
  });
});

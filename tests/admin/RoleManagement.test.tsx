import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import { RoleManagement, type RoleManagementProps } from '../../src/admin';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend, errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderWithProviders } from '../support/render';

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

const ids = seedIds.claimGroups;

function renderScreen(props: RoleManagementProps = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      <RoleManagement {...props} />
    </APIProvider>,
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Claim group' });
const groupOptions = async (user: ReturnType<typeof renderScreen>['user']) => {
  await user.click(picker());
  const names = screen.getAllByRole('option').map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
};
const configurePanel = () => screen.queryByRole('region', { name: /^Configure Role/ });

describe('RoleManagement', () => {
  it("shows the spec's heading and subtitle, and disables 'Create Group' for a blank or whitespace name", async () => {
    const { user } = renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Role Management' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage claim groups with their associated permissions')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create Group' });
    expect(create).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), '   ');
    expect(create).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'x');
    expect(create).toBeEnabled();
  });

  it("creates a group with Enter, shows 'Group Created Successfully' and refreshes the list", async () => {
    const { user } = renderScreen({ initialGroupId: ids.signers });
    await screen.findByRole('region', { name: 'Configure Role: Signers' });
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), '  Auditors {Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Group Created Successfully' });
    expect(within(dialog).getByText("Role group 'Auditors' has been created successfully.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('textbox', { name: 'Group name' })).toHaveValue('');
    expect(configurePanel()).not.toBeInTheDocument();
    expect(await groupOptions(user)).toContain('Auditors');
  });

  it('keeps the typed name and shows an error when creating fails', async () => {
    server.use(errorHandlers.failing('/api/Claim/CreateNewClaimGroup', 500));
    const { user } = renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Auditors');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected server error occurred.');
    expect(screen.getByRole('textbox', { name: 'Group name' })).toHaveValue('Auditors');
  });

  it("says why the server refused a name that is taken, and keeps what was typed", async () => {
    const { user } = renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'signers{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("A claim group named 'Signers' already exists.");
    expect(alert).toHaveTextContent('An unexpected server error occurred.');
    expect(screen.getByRole('textbox', { name: 'Group name' })).toHaveValue('signers');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("renames a group ('Save Changes' disabled while blank) and clears the selection", async () => {
    const selected: (string | null)[] = [];
    const { user } = renderScreen({ onGroupSelected: (id) => selected.push(id) });
    await user.click(await screen.findByRole('combobox', { name: 'Claim group' }));
    await user.click(screen.getByRole('option', { name: 'Signers' }));
    expect(selected).toEqual([ids.signers]);
    expect(await screen.findByRole('region', { name: 'Configure Role: Signers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename claim group' });
    const input = within(dialog).getByRole('textbox', { name: 'New group name' });
    const saveButton = within(dialog).getByRole('button', { name: 'Save Changes' });
    await user.clear(input);
    await user.type(input, '  ');
    expect(saveButton).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Signatories');
    await user.click(saveButton);
    await waitFor(() => expect(configurePanel()).not.toBeInTheDocument());
    expect(selected).toEqual([ids.signers, null]);
    expect(picker()).toHaveValue('');
    const names = await groupOptions(user);
    expect(names).toContain('Signatories');
    expect(names).not.toContain('Signers');
  });

  it('deletes a group after the confirmation and clears the selection', async () => {
    const { user } = renderScreen({ initialGroupId: ids.signers });
    await screen.findByRole('region', { name: 'Configure Role: Signers' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('All permissions and sub-groups associated with this role will be removed.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(configurePanel()).not.toBeInTheDocument());
    expect(await groupOptions(user)).not.toContain('Signers');
  });

  it('never offers the group itself or a group that contains it as a sub-group', async () => {
    const { user } = renderScreen({ initialGroupId: ids.formReaders });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Form Readers' });
    await user.click(within(panel).getByRole('combobox', { name: 'Sub-claim groups' }));
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).toContain('Signers');
    expect(offered).toContain('Administrators');
    expect(offered).not.toContain('Form Readers');
    expect(offered).not.toContain('Form Editors');
  });

  it('filters the permission categories by claim type, all three by default', async () => {
    const { user } = renderScreen({ initialGroupId: ids.signers });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    for (const type of ['Server', 'UX', 'Table']) expect(within(panel).getByRole('checkbox', { name: type })).toBeChecked();
    expect(await within(panel).findByRole('checkbox', { name: 'Select all Buttons' })).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Select all Form' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('checkbox', { name: 'UX' }));
    await waitFor(() => expect(within(panel).queryByRole('checkbox', { name: 'Select all Buttons' })).not.toBeInTheDocument());
    expect(await within(panel).findByRole('checkbox', { name: 'Select all Form' })).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Select all Row-level permissions' })).toBeInTheDocument();
  });

  it('saves the diff of claims and sub-groups and lists Added, Removed and Updated', async () => {
    const { user } = renderScreen({ initialGroupId: ids.noHardDelete });
    const panel = await screen.findByRole('region', { name: 'Configure Role: No Hard Delete' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Form_Delete' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Form_Add' }));
    const priority = within(panel).getByRole('textbox', { name: 'Priority of FormGroup_Delete' });
    expect(priority).toHaveValue('10');
    expect(within(panel).getAllByText('0–1000').length).toBeGreaterThan(0);
    await user.tripleClick(priority);
    await user.keyboard('20');
    expect(within(panel).getByRole('textbox', { name: 'Priority of Form_Add' })).toHaveValue('1');
    await user.click(within(panel).getByRole('combobox', { name: 'Sub-claim groups' }));
    await user.click(screen.getByRole('option', { name: 'Signers' }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Permission changes' });
    const section = (name: string) => within(within(dialog).getByRole('region', { name }));
    expect(section('Added').getByText(/Form_Add/)).toBeInTheDocument();
    expect(section('Added').getByText(/Signers/)).toBeInTheDocument();
    expect(section('Removed').getByText(/Form_Delete/)).toBeInTheDocument();
    expect(section('Updated').getByText(/FormGroup_Delete/)).toBeInTheDocument();
    expect(within(dialog).getByText("Claims successfully added to, removed from or updated for claim group 'No Hard Delete'.")).toBeInTheDocument();

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

  it("says 'No changes were made to the permissions.' and sends nothing when nothing changed", async () => {
    const { user } = renderScreen({ initialGroupId: ids.signers });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permission changes' });
    expect(within(dialog).getByText('No changes were made to the permissions.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.path.includes('AddRemoveUpdate'))).toEqual([]);
  });

  it('keeps the selection and shows an error when saving fails', async () => {
    server.use(errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', 500));
    const { user } = renderScreen({ initialGroupId: ids.signers });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Form_Add' }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('An unexpected server error occurred.');
    expect(within(panel).getByRole('checkbox', { name: 'Form_Add' })).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks before 'Clear All' and then clears every selected item", async () => {
    const { user } = renderScreen({ initialGroupId: ids.signers });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to clear all selected items? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(within(panel).getByText('No permissions selected.')).toBeInTheDocument();
  });

  it("shows 'Failed to load claim groups. Please try again.' and retries", async () => {
    server.use(errorHandlers.failing('/api/Claim/ClaimGroupsList', 500, { once: true }));
    const { user } = renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load claim groups. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Claim group' })).toBeInTheDocument();
  });

  it("shows 'Failed to load claims. Please try again.' when the categories cannot load", async () => {
    server.use(errorHandlers.failing('/api/Claim/GetClaimEntriesForClaimTypes', 500));
    renderScreen({ initialGroupId: ids.signers });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    expect(await within(panel).findByText('Failed to load claims. Please try again.')).toBeInTheDocument();
  });

  it("shows 'Failed to load permissions. Please try again.' when the permissions cannot load", async () => {
    server.use(errorHandlers.failing('/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes', 500));
    renderScreen({ initialGroupId: ids.signers });
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    expect(await within(panel).findByText('Failed to load permissions. Please try again.')).toBeInTheDocument();
  });
});

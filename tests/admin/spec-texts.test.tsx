import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoleManagement, UserRoleManagement } from '../../src/admin';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { checkboxIn, findCheckboxIn, renderInApi, setupFakeApi, textboxIn } from './support/screen';

// Every text the specification gives the two permission screens (docs/spec.md, Screens and routes, Validation rules and
// Error catalogue), found verbatim on the screen.
const { server } = setupFakeApi();

describe('spec texts of Role Management', () => {
  it('shows the heading, subtitle, form, panel, confirmations and result texts verbatim', async () => {
    const { user } = renderInApi(<RoleManagement initialGroupId={seedIds.claimGroups.signers} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Role Management' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage claim groups with their associated permissions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Group' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Configure Role: Signers' });
    expect(within(panel).getByRole('heading', { name: 'Configure Role: Signers' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    const clear = await screen.findByRole('dialog');
    expect(within(clear).getByText('Are you sure you want to clear all selected items? This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(clear).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog');
    expect(within(remove).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(within(remove).getByText('All permissions and sub-groups associated with this role will be removed.')).toBeInTheDocument();
    await user.click(within(remove).getByRole('button', { name: 'Cancel' }));

    await user.click(await findCheckboxIn(panel, 'Form_Add'));
    await user.click(checkboxIn(panel, 'FormSigner_Add'));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    const result = await screen.findByRole('dialog', { name: 'Permission changes' });
    expect(within(result).getByText("Claims successfully added to, removed from or updated for claim group 'Signers'.")).toBeInTheDocument();
    expect(within(result).getByRole('heading', { name: 'Added' })).toBeInTheDocument();
    expect(within(result).getByRole('heading', { name: 'Removed' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("shows 'Group Created Successfully' with the role group's message", async () => {
    const { user } = renderInApi(<RoleManagement />);
    await user.type(textboxIn(document.body, 'Group name'), 'Auditors{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Group Created Successfully' });
    expect(within(dialog).getByText("Role group 'Auditors' has been created successfully.")).toBeInTheDocument();
  });

  it.each([
    ['/api/Claim/ClaimGroupsPaged', 'Failed to load claim groups. Please try again.'],
    ['/api/Claim/GetClaimEntriesForClaimTypes', 'Failed to load claims. Please try again.'],
    ['/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes', 'Failed to load permissions. Please try again.'],
  ])('shows the error alert of %s verbatim', async (path, text) => {
    server.use(errorHandlers.failing(path, 500));
    renderInApi(<RoleManagement initialGroupId={seedIds.claimGroups.signers} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('spec texts of User & Role Management', () => {
  it("shows the heading, the tabs 'Users' and 'User Groups', 'Full Sync' and 'Syncing...'", async () => {
    server.use(errorHandlers.delayed('/api/Claim/FullSyncAndReturnExternalUsers', 100));
    const { user } = renderInApi(<UserRoleManagement />);
    expect(screen.getByRole('heading', { level: 1, name: 'User & Role Management' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveTextContent(/^Users$/);
    expect(screen.getByRole('tab', { name: 'User Groups' })).toHaveTextContent(/^User Groups$/);
    await screen.findByRole('combobox', { name: 'User' });
    await user.click(screen.getByRole('button', { name: 'Full Sync' }));
    expect(screen.getByRole('button', { name: 'Syncing...' })).toHaveTextContent(/^Syncing\.\.\.$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Full Sync' })).toHaveTextContent(/^Full Sync$/));
  });

  it("labels the panel 'Role & Permission Management' with User or User Group", async () => {
    const { user } = renderInApi(<UserRoleManagement initialUserId={seedIds.users.signer} />);
    const userPanel = await screen.findByRole('region', { name: /^Role & Permission Management/ });
    expect(within(userPanel).getByRole('heading', { name: 'Role & Permission Management' })).toBeInTheDocument();
    expect(within(userPanel).getByText('Sam Signer').parentElement).toHaveTextContent(/^User: Sam Signer$/);
    await user.click(screen.getByRole('tab', { name: 'User Groups' }));
    await user.click(await screen.findByRole('combobox', { name: 'User Group' }));
    await user.click(screen.getByRole('option', { name: 'Reviewers' }));
    const groupPanel = await screen.findByRole('region', { name: /User Group: Reviewers$/ });
    expect(within(groupPanel).getByRole('heading', { name: 'Role & Permission Management' })).toBeInTheDocument();
    expect(within(groupPanel).getByText('Reviewers').parentElement).toHaveTextContent(/^User Group: Reviewers$/);
  });

  it("shows 'Group Members', the user-group delete confirmation and the membership message verbatim", async () => {
    const { user } = renderInApi(
      <UserRoleManagement initialTab="userGroups" initialUserGroupId={seedIds.userGroups.reviewers} />,
    );
    const members = await screen.findByRole('combobox', { name: 'Group Members' });
    expect(screen.getByText('Group Members', { selector: 'label' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog');
    expect(within(remove).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(within(remove).getByText('All members and permissions associated with this group will be removed.')).toBeInTheDocument();
    await user.click(within(remove).getByRole('button', { name: 'Cancel' }));
    await user.click(members);
    await user.click(screen.getByRole('option', { name: 'Nora Newcomer' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save members' }));
    const result = await screen.findByRole('dialog');
    expect(within(result).getByText("Users successfully added to application user group 'Reviewers'.")).toBeInTheDocument();
  });

  it("shows 'Group Created Successfully' with the user group's message", async () => {
    const { user } = renderInApi(<UserRoleManagement initialTab="userGroups" />);
    await user.type(textboxIn(document.body, 'Group name'), 'Auditors{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Group Created Successfully' });
    expect(within(dialog).getByText("User group 'Auditors' has been created successfully.")).toBeInTheDocument();
  });

  it.each([
    ['/api/Claim/ApplicationUsersPaged', 'users' as const, 'Failed to load users. Please try again.'],
    ['/api/Claim/ApplicationUserGroupsPaged', 'userGroups' as const, 'Failed to load user groups. Please try again.'],
  ])('shows the error alert of %s verbatim', async (path, tab, text) => {
    server.use(errorHandlers.failing(path, 500));
    renderInApi(<UserRoleManagement initialTab={tab} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

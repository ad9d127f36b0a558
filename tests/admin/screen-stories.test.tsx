import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as RoleManagementStories from '../../stories/admin/RoleManagement.stories';
import * as UserRoleManagementStories from '../../stories/admin/UserRoleManagement.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';
import { textboxIn } from './support/screen';

// Stories double as test fixtures for the screens: a story's args, its fake user, its MSW handlers and
// the project's decorators (Mantine, the API provider on the fake backend) are the whole set-up, so a test and the
// catalogue cannot drift apart. MSW runs in Node here: the addon's own loader applies each story's `parameters.msw`
// to a Node server instead of the browser's service worker.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
// The loader calls only resetHandlers() and use(), which a Node server has as the browser worker does.
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const Role = composeStories(RoleManagementStories);
const UserRole = composeStories(UserRoleManagementStories);

/** Runs a story's loaders (fake backend, fake user, handlers), then renders it as a test would. */
async function renderStory(Story: { load(): Promise<void> } & ((props: object) => React.ReactElement)) {
  await Story.load();
  return render(<Story />);
}

describe('RoleManagement stories as fixtures', () => {
  it("GroupSelected: 'No Hard Delete' opens ready to configure, its hard deletes denied at priority 10", async () => {
    await renderStory(Role.GroupSelected);
    const panel = await screen.findByRole('region', { name: 'Configure Role: No Hard Delete' });
    expect(textboxIn(panel, 'Priority of Form_Delete')).toHaveValue('10');
    expect(within(panel).getByRole('switch', { name: /Form_Delete/ })).not.toBeChecked();
  });

  it("ReadOnlyUser: the auditor reads the role, and every control that would change it says why it is unavailable", async () => {
    await renderStory(Role.ReadOnlyUser);
    await screen.findByRole('region', { name: 'Configure Role: Signers' });
    const create = screen.getByRole('button', { name: 'Create Group' });
    await expect.poll(() => create.getAttribute('aria-disabled')).toBe('true');
    expect(create).toHaveAccessibleDescription(/Claim_ManageClaimGroups/);
  });

  it('AtScaleGroupSelected: a group six levels down a chain opens, its nested group held', async () => {
    await renderStory(Role.AtScaleGroupSelected);
    const panel = await screen.findByRole('region', { name: /^Configure Role: Scale Role 0006/ });
    expect(await within(panel).findByText(/^Scale Role 0007/)).toBeInTheDocument();
  });

  it("SaveRefused: its play function saves, and the server's reason shows under 'Could not save the changes'", async () => {
    await Role.SaveRefused.run();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This change would leave no enabled user with full administrator access');
    expect(screen.queryByText('An unexpected server error occurred.')).not.toBeInTheDocument();
  });
});

describe('UserRoleManagement stories as fixtures', () => {
  it("GroupSelected: 'Form Authors' shows its members and its claim groups", async () => {
    await renderStory(UserRole.GroupSelected);
    const panel = await screen.findByRole('region', { name: /Form Authors/ });
    expect(within(panel).getByRole('combobox', { name: 'Claim groups' })).toBeInTheDocument();
    expect(await within(panel).findByText('Form Editors')).toBeInTheDocument();
    expect(within(panel).getByText('No Hard Delete')).toBeInTheDocument();
  });

  it('AtScaleGroupSelected: a team of the 1,000 shows its ten members', async () => {
    await renderStory(UserRole.AtScaleGroupSelected);
    await screen.findByRole('region', { name: /User Group: Scale Team 0042/ });
    expect(screen.getAllByText(/^Scale User 004[12]\d /)).toHaveLength(10);
  });

  it("CreateRefused: its play function creates a taken name, and the server's reason is the message", async () => {
    await UserRole.CreateRefused.run();
    expect(screen.getByRole('alert')).toHaveTextContent("An application user group named 'Readers' already exists.");
    expect(textboxIn(document.body, 'Group name')).toHaveValue('R\u0435aders');
  });

  it("FullSyncFails: its play function syncs against the story's failing handler, and the alert says what failed", async () => {
    await UserRole.FullSyncFails.run();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not sync the users');
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected server error occurred.');
  });
});

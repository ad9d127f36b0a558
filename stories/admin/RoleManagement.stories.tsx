import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RoleManagement } from '../../src/admin';
import { addScaleData, errorHandlers, scaleClaimGroupId } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';

const meta = {
  title: 'Admin/RoleManagement',
  component: RoleManagement,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoleManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

const refusal = (detail: string) => ({ type: 'about:blank', title: 'Conflict', status: 409, detail });

/**
 * The permission's checkbox, found by its label: a role query weighs every one of the panel's hundreds of checkboxes
 * (their accessibility and name) on each retry, which took longer than the play's wait on a busy machine.
 */
async function permissionCheckbox(canvasElement: HTMLElement, name: string | RegExp): Promise<HTMLElement> {
  const box = await within(canvasElement).findByLabelText(name, { selector: 'input[type="checkbox"]' });
  await expect(box).toBeVisible();
  return box;
}

/** The seeded claim groups; none chosen yet. */
export const Default: Story = {};

/** 'No Hard Delete' chosen: its denied hard deletes at priority 10, ready to configure. */
export const GroupSelected: Story = { args: { initialGroupId: seedIds.claimGroups.noHardDelete } };

/**
 * 'No Hard Delete' in a frame 390 px wide (a phone, or a narrow column of a host's page): each individual permission
 * holds its priority and allow switch under its name, labelled, so nothing scrolls sideways to reach them.
 */
export const NarrowColumn: Story = {
  args: { initialGroupId: seedIds.claimGroups.noHardDelete },
  decorators: [inNarrowColumn],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('switch', { name: 'Allow Form_Delete' });
    // Stacked once the frame is measured: the switch shows its column's title beside it.
    await waitFor(() => expect(within(canvas.getByRole('switch', { name: 'Allow Form_Delete' }).closest('tr')!).getByText('Allow')).toBeVisible());
  },
};

/** A built-in group chosen: 'Delete' is disabled, with the reason as its tooltip. */
export const BuiltInGroupSelected: Story = {
  args: { initialGroupId: seedIds.claimGroups.administrators },
  play: async ({ canvasElement }) => {
    const remove = await within(canvasElement).findByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'true'));
  },
};

/** The permissions filtered by the search box ('primitive'). */
export const PermissionsSearched: Story = {
  args: { initialGroupId: seedIds.claimGroups.signers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search permissions' }), 'primitive');
    await expect(await permissionCheckbox(canvasElement, /DynamicFormLinking_GetAllPrimitivePaths/)).toBeInTheDocument();
  },
};

/** A priority emptied: the input shows it as invalid and 'Save Changes' is unavailable. */
export const PriorityEmptied: Story = {
  args: { initialGroupId: seedIds.claimGroups.noHardDelete },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByRole('textbox', { name: 'Priority of Form_Delete' }));
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Another group chosen while a change is unsaved: the screen asks first. */
export const UnsavedChangesPrompt: Story = {
  args: { initialGroupId: seedIds.claimGroups.signers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await permissionCheckbox(canvasElement, 'Form_Add'));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Claim group' }));
    await userEvent.click(await body.findByRole('option', { name: 'No Hard Delete' }));
    await expect(await body.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
  },
};

/** A name a live claim group has: said under the box once typing rests, and 'Create Group' waits for another name. */
export const CreateNameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Group name' });
    await userEvent.type(box, 'signers');
    await waitFor(() => expect(box).toHaveAccessibleDescription("A claim group named 'Signers' already exists."));
  },
};

/** Renaming 'Signers' to a name another live claim group has: said under the dialog's box once typing rests. */
export const RenameNameTaken: Story = {
  args: { initialGroupId: seedIds.claimGroups.signers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rename = await canvas.findByRole('button', { name: 'Rename' });
    await waitFor(() => expect(rename).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(rename);
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Rename claim group' }));
    const box = dialog.getByRole('textbox', { name: 'New group name' });
    await userEvent.clear(box);
    await userEvent.type(box, 'no hard delete');
    await waitFor(() => expect(box).toHaveAccessibleDescription("A claim group named 'No Hard Delete' already exists."));
  },
};

/**
 * The server refuses a name that is taken (here a look-alike, a Cyrillic 'е', that the search does not find): its
 * reason is the message, titled by what failed.
 */
export const CreateRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Group name' }), 'Sign\u0435rs');
    // The button is available once the user's permissions are known.
    const create = canvas.getByRole('button', { name: 'Create Group' });
    await waitFor(() => expect(create).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(create);
    await expect(await canvas.findByRole('alert')).toHaveTextContent("A claim group named 'Signers' already exists.");
  },
};

/**
 * A name the stores would refuse (here a line break pasted in) is said under the box as it is typed, and 'Create Group'
 * waits until it is mended: nothing is sent.
 */
export const CreateNameRefusedAsTyped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Group name' });
    await userEvent.click(box);
    await userEvent.paste('Audit\tTeam');
    await expect(box).toHaveAccessibleDescription('A group name cannot hold line breaks, tabs or other control characters.');
    await expect(canvas.getByRole('button', { name: 'Create Group' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The server refuses a save (409, e.g. it would leave no administrator): the screen explains why. */
export const SaveRefused: Story = {
  args: { initialGroupId: seedIds.claimGroups.signers },
  parameters: {
    msw: {
      handlers: {
        claim: [
          errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', 409, {
            body: refusal('This change would leave no enabled user with full administrator access (GlobalDataAdmin).'),
          }),
          ...storyHandlers.claim,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await permissionCheckbox(canvasElement, 'Form_Add'));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not save the changes');
  },
};

/** The sub-group part fails after the claims were saved: the claims are restored and the alert says so. */
export const SaveUndone: Story = {
  args: { initialGroupId: seedIds.claimGroups.signers },
  parameters: {
    msw: {
      handlers: {
        claim: [
          errorHandlers.failing('/api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', 409, {
            body: refusal('The sub-group would contain the group itself.'),
          }),
          ...storyHandlers.claim,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await permissionCheckbox(canvasElement, 'Form_Add'));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sub-claim groups' }));
    await userEvent.click(await body.findByRole('option', { name: 'No Hard Delete' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('nothing was changed');
  },
};

/** Aisha Auditor may read roles but not change them: every control that would change something says why not. */
export const ReadOnlyUser: Story = {
  args: { initialGroupId: seedIds.claimGroups.signers },
  parameters: { fakeUser: 'auditor' },
};

/** `classNames` / `styles` reach the inner parts: here the picker and the panel. */
export const StylesApi: Story = {
  args: {
    initialGroupId: seedIds.claimGroups.signers,
    styles: {
      picker: { outline: '2px dashed var(--mantine-primary-color-6)' },
      panel: { borderColor: 'var(--mantine-color-grape-6)', borderWidth: 2 },
    },
  },
};

/** The claim groups cannot be loaded: the spec's alert with a retry. */
export const ClaimGroupsFailToLoad: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/ClaimGroupsPaged', 500), ...storyHandlers.claim] } },
  },
};

/** The claim groups never arrive: the loading state. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/ClaimGroupsPaged'), ...storyHandlers.claim] } },
  },
};

/** Adds the scale the screens are built for to the fake: 10,000 users, 1,000 user groups, 2,000 claim groups nested 10 deep. */
const atScale = async () => {
  addScaleData(fakeBackend.db);
  return {};
};

/**
 * At scale (2,006 claim groups): the picker shows one page of matches and how many more match; what is typed goes to the
 * server, which answers the next page of matches.
 */
export const AtScale: Story = {
  loaders: [atScale],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const picker = await canvas.findByRole('combobox', { name: 'Claim group' });
    await userEvent.click(picker);
    await expect(await body.findByRole('option', { name: /^Showing \d+ of 2,006/ })).toBeInTheDocument();
    await userEvent.type(picker, 'role 012');
    await waitFor(() => expect(body.queryByRole('option', { name: /^Showing/ })).not.toBeInTheDocument());
    // Closed again: the open listbox scrolls while its options are not focusable (the combobox pattern moves the
    // active option with the arrow keys), which axe's scrollable-region rule cannot tell apart from a trap.
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * At scale, a group deep in a chain chosen: only it is loaded, and its sub-group picker offers only groups that do not
 * contain it (docs/spec.md, Validation rules), one page at a time.
 */
export const AtScaleGroupSelected: Story = {
  loaders: [atScale],
  args: { initialGroupId: scaleClaimGroupId(6) },
};

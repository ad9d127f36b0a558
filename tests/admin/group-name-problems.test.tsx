import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreateGroupFormView, GroupDialogs } from '../../src/admin/shared/GroupViews';
import { groupNameProblem, useCreateGroupForm, useGroupActions } from '../../src/admin/shared/useGroupControllers';
import { groupNameIssue, normalizeGroupName } from '../../src/domain';
import { defaultLabels } from '../../src/query/labels';
import { renderWithProviders } from '../support/render';

// A group name the backends would refuse is said under its box as it is typed, in the screen's words, and nothing is
// sent: the person keeps what they typed and mends it (before, the server's 'The parameter 'groupName' must be at most
// 200 characters long.' came back after a round trip).

const labels = defaultLabels;
const allowed = { can: true };
const LIVE_GROUPS = [
  { id: 'g1', name: 'Auditors' },
  { id: 'g2', name: 'Administrators' },
];

/** The create form and the rename dialog of one group ('Auditors'), with what each sends recorded. */
function Groups({ created, renamed }: { created: (name: string) => void; renamed: (name: string) => void }) {
  const create = useMutation({
    mutationFn: async ({ groupName }: { groupName: string }) => {
      created(groupName);
      return { id: 'new', name: groupName };
    },
  });
  const rename = useMutation({ mutationFn: async (name: string) => renamed(name) });
  const remove = useMutation({ mutationFn: async () => undefined });
  const sameName = {
    // The picker's search over the live groups: names containing the text, ignoring case.
    search: (text: string) => ({
      queryKey: ['groups', 'search', text],
      queryFn: async () => {
        const list = LIVE_GROUPS.filter((g) => g.name.toLowerCase().includes(text.toLowerCase()));
        return { list, totalRecCount: list.length, totalPageCount: 1 };
      },
    }),
    takenMessage: labels.claimGroupNameTaken,
  };
  const form = useCreateGroupForm({
    create,
    ...sameName,
    access: allowed,
    createdMessage: 'Created {name}',
    labels,
  });
  const actions = useGroupActions({
    group: { id: 'g1', name: 'Auditors' },
    ...sameName,
    rename,
    renameVariables: (_group, name) => name,
    remove,
    removeVariables: () => undefined,
    access: allowed,
    renameTitle: 'Rename the group',
    deleteTitle: 'Delete {name}?',
    deleteMessage: '',
    onDone: () => undefined,
    labels,
  });
  return (
    <>
      <CreateGroupFormView form={form} labels={labels} />
      <button type="button" onClick={actions.rename.open}>
        Rename
      </button>
      <GroupDialogs actions={actions} labels={labels} />
    </>
  );
}

function renderGroups() {
  const created = vi.fn<(name: string) => void>();
  const renamed = vi.fn<(name: string) => void>();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const result = renderWithProviders(
    <QueryClientProvider client={client}>
      <Groups created={created} renamed={renamed} />
    </QueryClientProvider>,
  );
  return { ...result, created, renamed };
}

describe('a group name the stores refuse', () => {
  it('is the rule the backends refuse by, in the words of the screens', () => {
    for (const [name, issue, said] of [
      ['a'.repeat(201), 'tooLong', 'A group name can be at most 200 characters: this one has 201.'],
      ['Audit\nTeam', 'control', 'A group name cannot hold line breaks, tabs or other control characters.'],
      ['Audit\u200bTeam', 'invisible', 'A group name cannot hold invisible characters (such as zero-width spaces or direction marks).'],
    ] as const) {
      expect(groupNameIssue(name)).toBe(issue);
      expect(() => normalizeGroupName(name)).toThrow();
      expect(groupNameProblem(name, labels, 'en-US')).toBe(said);
    }
    // Counted in characters, after trimming, as stored: 200 emoji and spaces around them pass.
    expect(groupNameIssue(`  ${'😀'.repeat(200)}  `)).toBeNull();
    expect(groupNameProblem('   ', labels, 'en-US')).toBeNull();
    expect(groupNameProblem('Auditors', labels, 'en-US')).toBeNull();
    // Numbers go through the locale.
    expect(groupNameProblem('a'.repeat(1234), { ...labels, groupNameTooLong: '{max} / {count}' }, 'de-DE')).toBe('200 / 1.234');
  });

  it('is said under the create box as it is typed, keeps what was typed, and is not sent', async () => {
    const { user, created } = renderGroups();
    const box = screen.getByRole('textbox', { name: 'Group name' });
    await user.click(box);
    await user.paste('x'.repeat(205));
    expect(box).toHaveAccessibleDescription('A group name can be at most 200 characters: this one has 205.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(created).not.toHaveBeenCalled();
    expect(box).toHaveValue('x'.repeat(205));
    // Mended, the message goes and the group is created.
    await user.type(box, '{Backspace}'.repeat(5));
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith('x'.repeat(200)));
  });

  it('already taken by a live group is said under the create box once typing rests, by the same-name rule, and is not sent', async () => {
    const { user, created } = renderGroups();
    const box = screen.getByRole('textbox', { name: 'Group name' });
    await user.type(box, '  administrators ');
    await waitFor(() => expect(box).toHaveAccessibleDescription("A claim group named 'Administrators' already exists."));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(created).not.toHaveBeenCalled();
    // Another name: the message goes at once (the answer was for the old name), and the group is created.
    await user.type(box, '2');
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith('administrators 2'));
  });

  it('already taken by another live group is said under the rename box; a new case of its own name is not', async () => {
    const { user, renamed } = renderGroups();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the group' });
    const box = within(dialog).getByRole('textbox');
    await user.clear(box);
    await user.type(box, 'ADMINISTRATORS');
    await waitFor(() => expect(box).toHaveAccessibleDescription("A claim group named 'Administrators' already exists."));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(renamed).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'AUDITORS');
    // Its own name in capitals: the search finds the group itself, which does not count.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(renamed).toHaveBeenCalledWith('AUDITORS'));
  });

  it('is said under the rename box, and the rename is not sent until it is mended', async () => {
    const { user, renamed } = renderGroups();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the group' });
    const box = within(dialog).getByRole('textbox');
    await user.clear(box);
    await user.paste('Audit\u200bTeam');
    expect(box).toHaveAccessibleDescription('A group name cannot hold invisible characters (such as zero-width spaces or direction marks).');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(renamed).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'Audit Team');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(renamed).toHaveBeenCalledWith('Audit Team'));
  });
});

/**
 * The permission screens at scale: pickers search the server one page at a time, the chosen holder is
 * loaded alone, the display-name function hears only about the users shown, and the own-administrator check asks
 * the server instead of loading every list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationUser } from '../../src/api/types';
import { RoleManagement, UserRoleManagement } from '../../src/admin';
import { PICKER_PAGE_SIZE } from '../../src/query/holder-queries';
import { addScaleData, scaleClaimGroupId, scaleUserGroupId } from '../../src/testing';
import { renderInApi, setupFakeApi } from './support/screen';

const { backend, requestsTo } = setupFakeApi();
const SIZE = { users: 300, userGroups: 40, membersPerGroup: 10, claimGroups: 121, nesting: 10 };
const SEEDED_CLAIM_GROUPS = 6;
const SEEDED_USERS = 7;

beforeEach(() => {
  addScaleData(backend.db, SIZE);
});

const visibleOptions = () => screen.queryAllByRole('option').filter((o) => !o.hasAttribute('data-combobox-disabled'));
const optionNames = () => visibleOptions().map((o) => o.textContent ?? '');
const fullLists = () => [...requestsTo('ClaimGroupsList'), ...requestsTo('ApplicationList'), ...requestsTo('ApplicationUserGroupsList')];
/** The names a search box finds: every word of what was typed, each anywhere in the name, case aside. */
const namesFound = (names: string[], typed: string) => {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  return names.filter((n) => words.every((w) => n.toLowerCase().includes(w))).sort();
};
const searchesOf = (call: string) =>
  requestsTo(call).map((r) => new URL(r.path, 'http://x').searchParams.get('search')).filter((s): s is string => s !== null);

describe('Role Management at scale', () => {
  it('shows one page of claim groups with how many more there are, and asks the server as the user types', async () => {
    const { user } = renderInApi(<RoleManagement />);
    await user.click(await screen.findByRole('combobox', { name: 'Claim group' }));
    await waitFor(() => expect(visibleOptions()).toHaveLength(PICKER_PAGE_SIZE));
    const total = SIZE.claimGroups + SEEDED_CLAIM_GROUPS;
    expect(screen.getByRole('option', { name: `Showing ${PICKER_PAGE_SIZE} of ${total}: type to narrow the list` })).toHaveAttribute(
      'data-combobox-disabled',
    );

    await user.type(screen.getByRole('combobox', { name: 'Claim group' }), 'role 011');
    await waitFor(() => expect(optionNames().length).toBeGreaterThan(0));
    // Every word anywhere: Scale Role 0011 and 0110 … 0119, fewer than a page, so no "more" entry.
    const expected = namesFound(backend.db.claimGroups.map((g) => g.name), 'role 011');
    expect(expected).toHaveLength(11);
    await waitFor(() => expect([...optionNames()].sort()).toEqual(expected));
    expect(screen.queryByRole('option', { name: /^Showing/ })).not.toBeInTheDocument();
    expect(searchesOf('ClaimGroupsPaged')).toContain('role 011');
    expect(fullLists()).toEqual([]);
  });

  it('loads only the chosen group, and offers as sub-groups only groups that do not contain it (docs/spec.md, Validation rules)', async () => {
    // Scale Role 0004 is level 3 of the first chain: 0001 ⊃ 0002 ⊃ 0003 ⊃ 0004 ⊃ 0005 ⊃ …
    const chosen = scaleClaimGroupId(4);
    const name = backend.db.claimGroups.find((g) => g.id === chosen)?.name as string;
    const { user } = renderInApi(<RoleManagement initialGroupId={chosen} />);
    const panel = await screen.findByRole('region', { name: `Configure Role: ${name}` });
    expect(searchesOf('ClaimGroupsPaged')).toContain(chosen);
    const subGroups = within(panel).getByRole('combobox', { name: 'Sub-claim groups' });
    await user.click(subGroups);
    await user.type(subGroups, 'scale role 000');
    await waitFor(() => expect(optionNames().length).toBeGreaterThan(0));
    await waitFor(() => expect(optionNames().every((n) => n.toLowerCase().includes('scale role 000'))).toBe(true));
    const numbers = optionNames().map((n) => n.slice('Scale Role '.length, 'Scale Role '.length + 4));
    // Not itself nor its parents 0001–0003; 0005 is already its sub-group (chosen, so not offered again).
    expect(numbers).toEqual(['0006', '0007', '0008', '0009']);
    expect(requestsTo('ClaimGroupsPaged').some((r) => r.path.includes(`subGroupCandidatesOf=${chosen}`))).toBe(true);
    expect(fullLists()).toEqual([]);
  });
});

describe('User & Role Management at scale', () => {
  it('calls the display-name function only for the users shown, one page at a time', async () => {
    const getDisplayNames = vi.fn((list: ApplicationUser[]) => list.map((u) => u.name));
    const { user } = renderInApi(<UserRoleManagement getDisplayNames={getDisplayNames} />);
    const picker = await screen.findByRole('combobox', { name: 'User' });
    await user.click(picker);
    await waitFor(() => expect(visibleOptions()).toHaveLength(PICKER_PAGE_SIZE));
    expect(
      screen.getByRole('option', { name: `Showing ${PICKER_PAGE_SIZE} of ${SIZE.users + SEEDED_USERS}: type to narrow the list` }),
    ).toBeInTheDocument();
    await user.type(picker, 'user 0012');
    // Every word anywhere: Scale User 00012 and 00120 … 00129.
    const expected = namesFound(backend.db.applicationUsers.map((u) => u.name), 'user 0012');
    expect(expected).toHaveLength(11);
    await waitFor(() => expect([...optionNames()].sort()).toEqual(expected));
    const asked = getDisplayNames.mock.calls.map((call) => call[0].length);
    expect(Math.max(...asked)).toBeLessThanOrEqual(PICKER_PAGE_SIZE);
    expect(asked).toContain(expected.length);
    expect(fullLists()).toEqual([]);
  });

  it("searches the server for 'Group Members' and keeps the members' names shown", async () => {
    const team = scaleUserGroupId(3);
    const { user } = renderInApi(<UserRoleManagement initialTab="userGroups" initialUserGroupId={team} />);
    const members = await screen.findByRole('combobox', { name: 'Group Members' });
    const memberNames = backend.db.memberships
      .filter((m) => m.applicationUserGroupId === team)
      .map((m) => backend.db.applicationUsers.find((u) => u.id === m.applicationUserId)?.name as string);
    expect(memberNames).toHaveLength(10);
    for (const name of memberNames) expect(screen.getByText(name)).toBeInTheDocument();
    await user.click(members);
    await user.type(members, 'user 0029');
    await waitFor(() => expect(optionNames().length).toBeGreaterThan(0));
    await waitFor(() => expect(optionNames().every((n) => n.includes('User 0029'))).toBe(true));
    expect(searchesOf('ApplicationUsersPaged')).toContain('user 0029');
    for (const name of memberNames) expect(screen.getByText(name)).toBeInTheDocument();
    expect(fullLists()).toEqual([]);
  });
});

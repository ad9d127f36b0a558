import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseMutationResult, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { Paged } from '../../api/types';
import { groupNameIssue, groupNameKey } from '../../domain/group-names';
import { MAX_GROUP_NAME_LENGTH } from '../../domain/limits';
import { fillNumbers } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import type { ActionAccess } from '../../ui/ActionButton';
import { allOf, unless } from './access';

/**
 * What is wrong with a group name typed into a create or rename box, in the screen's words, or null: the domain's rule
 * (the backends refuse the same names), said under the box as it is typed, before anything is sent. A blank name says
 * nothing: its button is simply unavailable.
 */
export function groupNameProblem(name: string, labels: Labels, locale: string | undefined): string | null {
  if (!name.trim()) return null;
  switch (groupNameIssue(name)) {
    case 'tooLong':
      return fillNumbers(labels.groupNameTooLong, { max: MAX_GROUP_NAME_LENGTH, count: [...name.normalize('NFC').trim()].length }, locale);
    case 'control':
      return labels.groupNameControl;
    case 'invisible':
      return labels.groupNameInvisible;
    default:
      return null;
  }
}

/** A group as the controllers need it. */
export interface NamedGroup {
  id: string;
  name: string;
}

/** How long typing in a group name box rests before its name is looked up (ms). */
const NAME_LOOKUP_REST_MS = 250;

/** The live groups a search matches (the screen's picker search: its key is refetched with every write), by name. */
export type GroupSearch<N extends NamedGroup, K extends QueryKey> = (search: string) => UseQueryOptions<Paged<N>, Error, Paged<N>, K>;

/**
 * What a name box says of a name another live group already has (`takenMessage` filled with that group's name), or
 * null: the typed name looked up with `search` once typing rests, compared by the domain's same-name rule (case,
 * look-alike and invisible characters aside). Only an answer for the name as it stands counts; `exceptId` is the group
 * being renamed. A name only a deleted group holds, or a look-alike the search cannot find, is left to the server.
 */
function useTakenGroupName<N extends NamedGroup, K extends QueryKey>(
  name: string,
  search: GroupSearch<N, K>,
  takenMessage: string,
  { exceptId, enabled = true }: { exceptId?: string; enabled?: boolean } = {},
): string | null {
  const trimmed = name.trim();
  const [rested] = useDebouncedValue(trimmed, NAME_LOOKUP_REST_MS);
  const lookup = useQuery({ ...search(rested), enabled: enabled && rested !== '' && groupNameIssue(rested) === null });
  if (!enabled || rested !== trimmed || trimmed === '' || lookup.isPlaceholderData) return null;
  const key = groupNameKey(trimmed);
  const taken = lookup.data?.list?.find((group) => group.id !== exceptId && groupNameKey(group.name) === key);
  return taken ? fillLabel(takenMessage, { name: taken.name }) : null;
}

export interface CreateGroupOptions<G, N extends NamedGroup = NamedGroup, K extends QueryKey = QueryKey> {
  /** Creates the group (e.g. `useCreateClaimGroup()`). */
  create: UseMutationResult<G | null, Error, { groupName: string }>;
  /**
   * Looks the typed name up among the live groups, so that a name already taken is said under the box as it is typed
   * (the same name by the domain's rule: case, look-alike and invisible characters aside). While it has not answered,
   * or for a name only a deleted group holds, the server's refusal says so on creating.
   */
  search: GroupSearch<N, K>;
  /** What the box says of a taken name, with a `{name}` placeholder (the existing group's name). */
  takenMessage: string;
  /** Whether the signed-in user may create groups. */
  access: ActionAccess;
  /** Message of the 'Group Created Successfully' dialog, with a `{name}` placeholder. */
  createdMessage: string;
  /** Called once the group exists, with the server's answer. */
  onCreated?: (group: G | null, name: string) => void;
  labels: Labels;
}

/**
 * The headless create-group form: 'Create Group' is unavailable while the trimmed name is blank (docs/spec.md, Validation rules) or without
 * the claim to create; success empties the name and opens 'Group Created Successfully'; a failure keeps the name.
 */
export function useCreateGroupForm<G, N extends NamedGroup, K extends QueryKey>({
  create,
  access,
  createdMessage,
  onCreated,
  search,
  takenMessage,
  labels,
}: CreateGroupOptions<G, N, K>) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const trimmed = name.trim();
  const locale = useLocale();
  const taken = useTakenGroupName(name, search, takenMessage);
  const problem = groupNameProblem(name, labels, locale) ?? taken;
  const submitAccess = allOf(access, unless(!trimmed), unless(problem !== null, problem ?? undefined));
  return {
    name,
    setName,
    /** What is wrong with the name as typed (said under its box), or null. */
    problem,
    /** Whether the name field may be used. */
    access,
    submit: {
      ...submitAccess,
      pending: create.isPending,
      run: () => {
        if (!submitAccess.can || create.isPending) return;
        create.mutate(
          { groupName: trimmed },
          {
            onSuccess: (group) => {
              setName('');
              setCreated(trimmed);
              onCreated?.(group, trimmed);
            },
          },
        );
      },
    },
    error: create.error,
    errorTitle: labels.createGroupFailed,
    createdDialog: {
      opened: created !== null,
      title: labels.groupCreatedTitle,
      message: fillLabel(createdMessage, { name: created ?? '' }),
      close: () => setCreated(null),
    },
  };
}

/** What {@link useCreateGroupForm} returns. */
export type CreateGroupController = ReturnType<typeof useCreateGroupForm>;

export interface GroupActionsOptions<G extends NamedGroup, R, D, N extends NamedGroup = NamedGroup, K extends QueryKey = QueryKey> {
  /** The chosen group, or null. */
  group: G | null;
  /** Looks the new name up among the live groups, as {@link CreateGroupOptions.search} does for a new group. */
  search: GroupSearch<N, K>;
  /** What the rename box says of a name another live group has, with a `{name}` placeholder. */
  takenMessage: string;
  /** Renames a group. */
  rename: UseMutationResult<unknown, Error, R>;
  /** The rename's variables for the chosen group and its trimmed new name. */
  renameVariables: (group: G, newGroupName: string) => R;
  /** Deletes a group. */
  remove: UseMutationResult<unknown, Error, D>;
  /** The delete's variables for a group. */
  removeVariables: (group: G) => D;
  /** Whether the signed-in user may rename and delete groups. */
  access: ActionAccess;
  /** Why the chosen group may not be deleted though the user may delete groups (e.g. it is built in), if so. */
  undeletableReason?: (group: G) => string | undefined;
  /** Title of the rename dialog. */
  renameTitle: string;
  /** Title of the delete confirmation, with a `{name}` placeholder. */
  deleteTitle: string;
  /** The second sentence of the delete confirmation, under 'This action cannot be undone.'. */
  deleteMessage: string;
  /** Called after a rename or delete succeeded (the spec clears the selection). */
  onDone: () => void;
  labels: Labels;
}

/**
 * The headless rename and delete actions of the chosen group: each opens its dialog (rename: 'Save Changes'
 * unavailable while the trimmed name is blank or unchanged; delete: the spec's confirmation), reports success in a
 * status message, and keeps the dialog with the server's reason on failure.
 */
export function useGroupActions<G extends NamedGroup, R, D, N extends NamedGroup, K extends QueryKey>({
  group,
  search,
  takenMessage,
  rename,
  renameVariables,
  remove,
  removeVariables,
  access,
  undeletableReason,
  renameTitle,
  deleteTitle,
  deleteMessage,
  onDone,
  labels,
}: GroupActionsOptions<G, R, D, N, K>) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [newName, setNewName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const noGroup = unless(!group);
  const renameAccess = allOf(noGroup, access);
  const deleteAccess = allOf(noGroup, access, unless(!!group && !!undeletableReason?.(group), group ? undeletableReason?.(group) : undefined));
  const trimmed = newName.trim();
  const locale = useLocale();
  const taken = useTakenGroupName(newName, search, takenMessage, { exceptId: group?.id, enabled: dialog === 'rename' && group !== null });
  const problem = groupNameProblem(newName, labels, locale) ?? taken;
  const saveAccess = allOf(unless(!trimmed), unless(problem !== null, problem ?? undefined), unless(trimmed === group?.name, labels.nothingToSave));

  return {
    notice,
    rename: {
      ...renameAccess,
      open: () => {
        if (!group || !renameAccess.can) return;
        rename.reset();
        setNewName(group.name);
        setNotice(null);
        setDialog('rename');
      },
    },
    renameDialog: {
      opened: dialog === 'rename' && group !== null,
      title: renameTitle,
      name: newName,
      setName: setNewName,
      /** What is wrong with the new name as typed (said under its box), or null. */
      problem,
      save: {
        ...saveAccess,
        pending: rename.isPending,
        run: () => {
          if (!group || !saveAccess.can || rename.isPending) return;
          const from = group.name;
          rename.mutate(renameVariables(group, trimmed), {
            onSuccess: () => {
              setDialog(null);
              setNotice(fillLabel(labels.groupRenamedMessage, { from, to: trimmed }));
              onDone();
            },
          });
        },
      },
      error: rename.error,
      errorTitle: labels.renameGroupFailed,
      close: () => {
        if (!rename.isPending) setDialog(null);
      },
    },
    remove: {
      ...deleteAccess,
      open: () => {
        if (!group || !deleteAccess.can) return;
        remove.reset();
        setNotice(null);
        setDialog('delete');
      },
    },
    deleteDialog: {
      opened: dialog === 'delete' && group !== null,
      title: fillLabel(deleteTitle, { name: group?.name ?? '' }),
      messages: [labels.deleteConfirm, deleteMessage],
      pending: remove.isPending,
      error: remove.error,
      errorTitle: labels.deleteGroupFailed,
      confirm: () => {
        if (!group || remove.isPending) return;
        const name = group.name;
        remove.mutate(removeVariables(group), {
          onSuccess: () => {
            setDialog(null);
            setNotice(fillLabel(labels.groupDeletedMessage, { name }));
            onDone();
          },
        });
      },
      cancel: () => setDialog(null),
    },
  };
}

/** What {@link useGroupActions} returns. */
export type GroupActionsController = ReturnType<typeof useGroupActions>;

/**
 * Asks before an action that would drop unsaved changes: `guard(action)` runs it at once when nothing is unsaved,
 * else opens the 'Discard unsaved changes?' prompt, which runs it (after `discard`) or keeps editing.
 */
export function useUnsavedGuard(dirty: boolean, discard: () => void) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  return {
    guard: (action: () => void) => {
      if (dirty) setPending(() => action);
      else action();
    },
    prompt: {
      opened: pending !== null,
      discard: () => {
        const action = pending;
        setPending(null);
        discard();
        action?.();
      },
      keepEditing: () => setPending(null),
    },
  };
}

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { CrudEntityName } from '../../api/types';
import { entityKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { useDeleteAccess, type DeleteAccess, type DeleteAction, type FormsEntity } from './access';
import { toast } from './toast';

/** The row an action is taken on: its key, a name to show, and the version read with it (`@odata.etag`). */
export interface DeleteTarget {
  id: string;
  /** What the confirmation and the toast call the row (a form's name; an instance's form and date…). */
  name: string;
  /** The row's `@odata.etag`, sent as `If-Match` by 'Restore' so that a restore never overwrites a newer change. */
  etag?: string | null;
}

/** The key property of each entity, for the restoring patch. */
const KEY_OF: Readonly<Record<FormsEntity, string>> = {
  form: 'formId',
  formgroup: 'formGroupId',
  forminstance: 'formInstanceId',
  formschema: 'formSchemaId',
};

/** The label of each entity's name inside the sentences. */
const ENTITY_LABEL: Readonly<Record<FormsEntity, keyof Labels>> = {
  form: 'entityForm',
  formgroup: 'entityFormGroup',
  forminstance: 'entityFormInstance',
  formschema: 'entityFormSchema',
};

/** What goes with a row deleted permanently, per entity (the cascades of `/api/crud/{entity}/delete`). */
const HARD_DELETE_MESSAGE: Readonly<Record<FormsEntity, keyof Labels>> = {
  form: 'hardDeleteFormMessage',
  formgroup: 'hardDeleteFormGroupMessage',
  forminstance: 'hardDeleteFormInstanceMessage',
  formschema: 'hardDeleteFormSchemaMessage',
};

/** What the 'Delete' confirmation adds for an entity: a form group's forms are never deleted with it. */
const SOFT_DELETE_EXTRA: Readonly<Partial<Record<FormsEntity, keyof Labels>>> = {
  formgroup: 'softDeleteFormGroupMessage',
};

/**
 * The other lists an action on `entity` changes, beyond the entity's own: a form takes its schemas and instances
 * with it, a schema its instances (and may be a form's current version), and a group's forms show the group's name
 * (deleted permanently, they are left in no group). Only these are refetched.
 */
export const ALSO_CHANGES: Readonly<Record<FormsEntity, Readonly<Record<DeleteAction, readonly CrudEntityName[]>>>> = {
  form: { delete: [], restore: [], deletePermanently: ['formschema', 'forminstance'] },
  formschema: { delete: ['form'], restore: ['form'], deletePermanently: ['form', 'forminstance'] },
  formgroup: { delete: ['form'], restore: ['form'], deletePermanently: ['form'] },
  forminstance: { delete: ['form'], restore: ['form'], deletePermanently: ['form'] },
};

/** The confirmation a 'Delete' or 'Delete permanently' is waiting for. */
export interface DeleteConfirmation {
  action: Exclude<DeleteAction, 'restore'>;
  target: DeleteTarget;
  title: string;
  message: string;
  /** The confirm button's text: the action's own word ('Delete', 'Delete permanently'). */
  confirmLabel: string;
}

/** What {@link useDeleteActions} returns. */
export interface DeleteActionsController {
  /** Which actions the signed-in user may take (the buttons show only then). */
  access: DeleteAccess;
  /** Starts an action: 'Delete' and 'Delete permanently' ask first, 'Restore' runs at once. */
  request(action: DeleteAction, target: DeleteTarget): void;
  /** The open confirmation, or null. */
  confirmation: DeleteConfirmation | null;
  /** Runs the confirmed action. */
  confirm(): void;
  /** Closes the confirmation without doing anything (not while it runs). */
  cancel(): void;
  /** The id of the row an action is running on, or null. */
  runningId: string | null;
}

/** Options of {@link useDeleteActions}. */
export interface DeleteActionsOptions {
  /** The texts (the screen's merged labels). */
  labels: Labels;
  /** Called after an action succeeded, e.g. to leave a detail page whose row was deleted. */
  onDone?: (action: DeleteAction, target: DeleteTarget) => void;
}

/**
 * 'Delete' (soft delete), 'Restore' and 'Delete permanently' (hard delete) of one forms entity, the same on every
 * list: confirmations that say what goes with the row, a toast with the result (top-right, 3000 ms), and a refetch
 * of only the lists the action changed.
 */
export function useDeleteActions(entity: FormsEntity, { labels, onDone }: DeleteActionsOptions): DeleteActionsController {
  const access = useDeleteAccess(entity);
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState<DeleteConfirmation | null>(null);
  const mutation = useCrudMutation(entity);
  const entityName = labels[ENTITY_LABEL[entity]];

  const run = (action: DeleteAction, target: DeleteTarget) => {
    const variables =
      action === 'restore'
        ? {
            action: 'patch' as const,
            entity: {
              [KEY_OF[entity]]: target.id,
              isDeleted: false,
              ...(target.etag ? { '@odata.etag': target.etag } : {}),
            },
          }
        : { action: action === 'delete' ? ('softDelete' as const) : ('delete' as const), id: target.id };
    mutation.mutate(variables, {
      onSuccess: async () => {
        const others: QueryKey[] = ALSO_CHANGES[entity][action].map((other) => entityKeys.entity(other));
        await Promise.all(others.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        const message =
          action === 'delete' ? labels.softDeletedToast : action === 'restore' ? labels.restoredToast : labels.hardDeletedToast;
        toast.success(fillLabel(message, { name: target.name }), labels);
        setConfirmation(null);
        onDone?.(action, target);
      },
      onError: (error) => {
        const title =
          action === 'delete' ? labels.softDeleteFailed : action === 'restore' ? labels.restoreFailed : labels.hardDeleteFailed;
        toast.failure(fillLabel(title, { name: target.name }), error, labels);
        setConfirmation(null);
      },
    });
  };

  const request = (action: DeleteAction, target: DeleteTarget) => {
    if (mutation.isPending) return;
    if (action === 'restore') {
      run(action, target);
      return;
    }
    const values = { entity: entityName, name: target.name };
    setConfirmation(
      action === 'delete'
        ? {
            action,
            target,
            title: fillLabel(labels.softDeleteTitle, values),
            message: [labels.softDeleteMessage, ...(SOFT_DELETE_EXTRA[entity] ? [labels[SOFT_DELETE_EXTRA[entity]]] : [])].join(' '),
            confirmLabel: labels.delete,
          }
        : {
            action,
            target,
            title: fillLabel(labels.hardDeleteTitle, values),
            message: `${labels[HARD_DELETE_MESSAGE[entity]]} ${labels.deleteConfirm}`,
            confirmLabel: labels.deletePermanently,
          },
    );
  };

  const running = mutation.isPending ? mutation.variables : undefined;
  const runningId = running
    ? 'id' in running
      ? running.id
      : String((running.entity as Record<string, unknown>)[KEY_OF[entity]])
    : null;

  return {
    access,
    request,
    confirmation,
    confirm: () => {
      if (confirmation && !mutation.isPending) run(confirmation.action, confirmation.target);
    },
    cancel: () => {
      if (!mutation.isPending) setConfirmation(null);
    },
    runningId,
  };
}

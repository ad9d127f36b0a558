import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormGroup } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { toast } from '../shared/toast';

/** A form group being created (no id) or renamed and described. */
export interface FormGroupDraft {
  formGroupId?: string;
  name: string;
  description: string;
  etag?: string | null;
}

/** What {@link useFormGroupEditor} returns. */
export interface FormGroupEditor {
  draft: FormGroupDraft | null;
  setDraft(draft: FormGroupDraft): void;
  startCreate(): void;
  startEdit(group: Pick<FormGroup, 'formGroupId' | 'name' | 'description'> & { '@odata.etag'?: string }): void;
  cancel(): void;
  save(): void;
  saving: boolean;
  /** 'Save' is unavailable while the name is blank after trimming. */
  canSave: boolean;
}

/**
 * Creating, renaming and describing a form group: the dialog's draft, its save (post or patch) with a toast of the
 * result, and a refetch of the form group reads.
 */
export function useFormGroupEditor(labels: Labels, onCreated?: (formGroupId: string) => void): FormGroupEditor {
  const [draft, setDraft] = useState<FormGroupDraft | null>(null);
  const mutation = useCrudMutation('formgroup');
  const name = draft?.name.trim() ?? '';
  return {
    draft,
    setDraft,
    startCreate: () => setDraft({ name: '', description: '' }),
    startEdit: (group) =>
      setDraft({
        formGroupId: group.formGroupId,
        name: group.name,
        description: group.description ?? '',
        etag: group['@odata.etag'] ?? null,
      }),
    cancel: () => {
      if (!mutation.isPending) setDraft(null);
    },
    saving: mutation.isPending,
    canSave: name !== '' && !mutation.isPending,
    save: () => {
      if (!draft || name === '' || mutation.isPending) return;
      const description = draft.description.trim() || null;
      const creating = !draft.formGroupId;
      const entity: Partial<FormGroup> & { '@odata.etag'?: string } = creating
        ? { name, description }
        : { formGroupId: draft.formGroupId, name, description, ...(draft.etag ? { '@odata.etag': draft.etag } : {}) };
      mutation.mutate(
        { action: creating ? 'post' : 'patch', entity },
        {
          onSuccess: (saved) => {
            toast.success(fillLabel(creating ? labels.formGroupCreatedToast : labels.formGroupSavedToast, { name }));
            setDraft(null);
            const id = saved && typeof saved === 'object' ? saved.formGroupId : undefined;
            if (creating && id) onCreated?.(id);
          },
          onError: (error) => toast.failure(labels.formGroupSaveFailed, error, labels),
        },
      );
    },
  };
}

/** Props of {@link FormGroupDialog}. */
export interface FormGroupDialogProps {
  editor: FormGroupEditor;
  labels: Labels;
  className?: string;
}

/** The dialog that creates, renames and describes a form group. */
export function FormGroupDialog({ editor, labels, className }: FormGroupDialogProps) {
  const { draft } = editor;
  return (
    <Modal
      opened={draft !== null}
      onClose={editor.cancel}
      title={draft?.formGroupId ? labels.editFormGroupTitle : labels.createFormGroupTitle}
      centered
      closeButtonProps={{ 'aria-label': labels.close }}
      className={className}
    >
      {draft && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            editor.save();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={labels.formGroupName}
              required
              value={draft.name}
              onChange={(event) => editor.setDraft({ ...draft, name: event.currentTarget.value })}
              data-autofocus
            />
            <Textarea
              label={labels.formGroupDescription}
              autosize
              minRows={2}
              value={draft.description}
              onChange={(event) => editor.setDraft({ ...draft, description: event.currentTarget.value })}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={editor.cancel} disabled={editor.saving}>
                {labels.cancel}
              </Button>
              <Button type="submit" disabled={!editor.canSave} loading={editor.saving}>
                {labels.save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
FormGroupDialog.displayName = '@ccq/forms-admin/FormGroupDialog';

import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormGroup } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { toast } from '../shared/toast';
import { READABLE_NAME_INPUT, useNameCheck } from '../shared/useNameCheck';

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
  /** 'Save' is unavailable while the name is blank after trimming or another live group has it. */
  canSave: boolean;
  /** Why the name cannot be saved ('Enter a name.', "A form group named 'X' already exists."), or null. */
  nameError: string | null;
}

/**
 * Creating, renaming and describing a form group: the dialog's draft, its save (post or patch) with a toast of the
 * result, and a refetch of the form group reads.
 */
export function useFormGroupEditor(labels: Labels, onCreated?: (formGroupId: string) => void): FormGroupEditor {
  const [draft, setDraftState] = useState<FormGroupDraft | null>(null);
  // A blank name is reported once the person typed in the field or tried to save, not when the dialog opens.
  const [nameTouched, setNameTouched] = useState(false);
  const mutation = useCrudMutation('formgroup');
  const name = draft?.name.trim() ?? '';
  const check = useNameCheck('formgroup', draft?.name ?? '', labels, { exceptId: draft?.formGroupId, showBlank: nameTouched });
  return {
    draft,
    setDraft: (next) => {
      if (next.name !== draft?.name) setNameTouched(true);
      setDraftState(next);
    },
    startCreate: () => {
      setNameTouched(false);
      setDraftState({ name: '', description: '' });
    },
    startEdit: (group) => {
      setNameTouched(false);
      setDraftState({
        formGroupId: group.formGroupId,
        name: group.name,
        description: group.description ?? '',
        etag: group['@odata.etag'] ?? null,
      });
    },
    cancel: () => {
      if (!mutation.isPending) setDraftState(null);
    },
    saving: mutation.isPending,
    canSave: check.ok && !mutation.isPending,
    nameError: check.error,
    save: () => {
      if (draft && name === '') setNameTouched(true);
      if (!draft || !check.ok || mutation.isPending) return;
      const description = draft.description.trim() || null;
      const creating = !draft.formGroupId;
      const entity: Partial<FormGroup> & { '@odata.etag'?: string } = creating
        ? { name, description }
        : { formGroupId: draft.formGroupId, name, description, ...(draft.etag ? { '@odata.etag': draft.etag } : {}) };
      mutation.mutate(
        { action: creating ? 'post' : 'patch', entity },
        {
          onSuccess: (saved) => {
            toast.success(fillLabel(creating ? labels.formGroupCreatedToast : labels.formGroupSavedToast, { name }), labels);
            setDraftState(null);
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
              error={editor.nameError}
              styles={READABLE_NAME_INPUT}
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

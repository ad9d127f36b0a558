import { Box, Group, Modal, Select, Stack, Text, TextInput, type ComboboxItem } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { Labels } from '../../query/labels';
import { ActionButton, type ActionAccess } from '../../ui/ActionButton';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { READABLE_FORM_COLORS } from '../../ui/contrast';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { NothingFound } from '../../ui/NothingFound';
import { useLabels } from '../../query/useLabels';
import { isDenied } from './access';
import type { PickerSearchSource } from './picker-search';
import { ServerSelect } from './ServerPicker';
import type { CreateGroupController, GroupActionsController } from './useGroupControllers';

/** The class name and style of one inner part, as Mantine's `getStyles(part)` returns them. */
export interface PartStyles {
  className?: string;
  style?: CSSProperties;
}

/** How a dialog takes the screen's `dialog` part: on its content box. */
export function dialogStyles(part: PartStyles | undefined) {
  return {
    classNames: part?.className ? { content: part.className } : undefined,
    styles: part?.style ? { content: part.style } : undefined,
  };
}

export interface CreateGroupFormViewProps {
  form: CreateGroupController;
  part?: PartStyles;
  dialogPart?: PartStyles;
  labels: Labels;
}

/** Renders a create-group form and its 'Group Created Successfully' dialog. */
export function CreateGroupFormView({ form, part, dialogPart, labels }: CreateGroupFormViewProps) {
  return (
    <>
      <Stack gap="xs" className={part?.className} style={part?.style}>
        <form
          style={READABLE_FORM_COLORS}
          onSubmit={(event) => {
            event.preventDefault();
            form.submit.run();
          }}
        >
          <TextInput
            label={labels.groupName}
            value={form.name}
            onChange={(e) => form.setName(e.currentTarget.value)}
            error={form.problem}
            readOnly={isDenied(form.access)}
            // 'Create Group' sits beside the box, inside its wrapper: what is wrong with the name goes under both,
            // and the button stays level with the box (it wraps under it on a phone).
            inputContainer={(input) => (
              <Group gap="sm" wrap="wrap">
                <Box style={{ flex: '1 1 14rem' }} miw={0} maw={480}>
                  {input}
                </Box>
                <ActionButton type="submit" access={form.submit} loading={form.submit.pending}>
                  {labels.createGroup}
                </ActionButton>
              </Group>
            )}
          />
        </form>
        {form.error && <ErrorAlert title={form.errorTitle} error={form.error} />}
      </Stack>
      <Modal
        opened={form.createdDialog.opened}
        onClose={form.createdDialog.close}
        title={form.createdDialog.title}
        centered
        // The 'Close' button is the way out besides Escape; a second "Close" (×) would only be noise.
        withCloseButton={false}
        {...dialogStyles(dialogPart)}
      >
        <Text>{form.createdDialog.message}</Text>
        <Group justify="flex-end" mt="lg">
          <ActionButton onClick={form.createdDialog.close} data-autofocus>
            {labels.close}
          </ActionButton>
        </Group>
      </Modal>
    </>
  );
}

export interface GroupPickerRowProps {
  label: string;
  placeholder: string;
  options: readonly ComboboxItem[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** The server search behind the picker (its options then come from it); without it the picker filters `options`. */
  source?: PickerSearchSource;
  actions: GroupActionsController;
  /** Label of the rename button ('Rename' or 'Edit'). */
  renameLabel: string;
  /** More buttons after 'Delete', e.g. a refresh. */
  extra?: ReactNode;
  pickerPart?: PartStyles;
  rowPart?: PartStyles;
  noticePart?: PartStyles;
  labels: Labels;
}

/**
 * A searchable group picker with rename and delete buttons. The picker keeps a usable width: it takes a row of its
 * own on a phone, and the buttons wrap under it.
 */
export function GroupPickerRow({
  label,
  placeholder,
  options,
  value,
  onChange,
  source,
  actions,
  renameLabel,
  extra,
  pickerPart,
  rowPart,
  noticePart,
  labels,
}: GroupPickerRowProps) {
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap" className={rowPart?.className} style={rowPart?.style}>
        <PickerSelect
          label={label}
          placeholder={placeholder}
          data={options}
          value={value}
          onChange={onChange}
          source={source}
          part={pickerPart}
        />
        <Group gap="sm" wrap="wrap">
          <ActionButton variant="default" access={actions.rename} onClick={actions.rename.open}>
            {renameLabel}
          </ActionButton>
          <ActionButton color="red" variant="outline" access={actions.remove} onClick={actions.remove.open}>
            {labels.delete}
          </ActionButton>
          {extra}
        </Group>
      </Group>
      <Text role="status" size="sm" className={noticePart?.className} style={noticePart?.style}>
        {actions.notice}
      </Text>
    </Stack>
  );
}

export interface PickerSelectProps {
  label: string;
  placeholder: string;
  data: readonly ComboboxItem[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** The server search behind the picker: its options replace `data`. Without it the picker filters `data`. */
  source?: PickerSearchSource;
  part?: PartStyles;
}

/**
 * The searchable, clearable picker of the admin screens (a user, user group or claim group). It grows to 480 px and
 * never shrinks below 15 rem: on a narrow screen it takes the whole row and the buttons wrap below it. With a
 * `source`, what is typed goes to the server (inside the picker, so that only it re-renders) and the picker shows the
 * page of matches it answers.
 */
export function PickerSelect({ label, placeholder, data, value, onChange, source, part }: PickerSelectProps) {
  const labels = useLabels();
  const common = {
    label,
    placeholder,
    value,
    onChange,
    searchable: true,
    clearable: true,
    nothingFoundMessage: <NothingFound>{labels.noRecordsFound}</NothingFound>,
    className: part?.className,
    style: { flex: '1 1 15rem', minWidth: 'min(15rem, 100%)', maxWidth: 480, ...part?.style },
  } as const;
  return source ? <ServerSelect {...common} source={source} /> : <Select {...common} data={data} />;
}

export interface GroupDialogsProps {
  actions: GroupActionsController;
  dialogPart?: PartStyles;
  labels: Labels;
}

/** The rename dialog and the delete confirmation of a {@link GroupPickerRow}. */
export function GroupDialogs({ actions, dialogPart, labels }: GroupDialogsProps) {
  const rename = actions.renameDialog;
  const remove = actions.deleteDialog;
  return (
    <>
      <Modal
        opened={rename.opened}
        onClose={rename.close}
        title={rename.title}
        centered
        closeButtonProps={{ 'aria-label': labels.close }}
        {...dialogStyles(dialogPart)}
      >
        <form
          style={READABLE_FORM_COLORS}
          onSubmit={(event) => {
            event.preventDefault();
            rename.save.run();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={labels.newGroupName}
              value={rename.name}
              onChange={(e) => rename.setName(e.currentTarget.value)}
              error={rename.problem}
              data-autofocus
            />
            {rename.error && <ErrorAlert title={rename.errorTitle} error={rename.error} />}
            <Group justify="flex-end" gap="sm">
              <ActionButton variant="default" onClick={rename.close}>
                {labels.cancel}
              </ActionButton>
              <ActionButton type="submit" access={rename.save} loading={rename.save.pending}>
                {labels.saveChanges}
              </ActionButton>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmModal
        opened={remove.opened}
        title={remove.title}
        message={
          <Stack gap={4}>
            {remove.messages.map((m) => (
              <Text key={m}>{m}</Text>
            ))}
            {remove.error && <ErrorAlert mt="sm" title={remove.errorTitle} error={remove.error} />}
          </Stack>
        }
        loading={remove.pending}
        labels={{ confirm: labels.delete }}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
        {...dialogStyles(dialogPart)}
      />
    </>
  );
}

export interface UnsavedChangesDialogProps {
  prompt: { opened: boolean; discard: () => void; keepEditing: () => void };
  /** The message, e.g. "The changes to 'Signers' have not been saved. They will be lost.". */
  message: string;
  dialogPart?: PartStyles;
  labels: Labels;
}

/** 'Discard unsaved changes?' before another holder is chosen. */
export function UnsavedChangesDialog({ prompt, message, dialogPart, labels }: UnsavedChangesDialogProps) {
  return (
    <ConfirmModal
      opened={prompt.opened}
      title={labels.unsavedChangesTitle}
      message={message}
      labels={{ confirm: labels.discardChanges, cancel: labels.keepEditing }}
      onConfirm={prompt.discard}
      onCancel={prompt.keepEditing}
      {...dialogStyles(dialogPart)}
    />
  );
}

/** A refresh button of a picker row. */
export function RefreshButton({ label, onClick, pending }: { label: string; onClick: () => void; pending: boolean }) {
  const access: ActionAccess = { can: true };
  return (
    <ActionButton variant="default" onClick={onClick} loading={pending} access={access}>
      {label}
    </ActionButton>
  );
}

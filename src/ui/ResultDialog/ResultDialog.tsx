import { Box, Button, Group, List, Modal, Stack, Text, Title, useProps, type ModalProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { Key, ReactNode } from 'react';
import { defaultLabels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';

/** One line of a {@link ResultDialog} section, e.g. a permission with its priority. */
export interface ResultDialogEntry {
  /** Stable React key, e.g. the claim value. */
  key: Key;
  /** What changed, e.g. 'Form_Add'. */
  label: ReactNode;
  /** Optional detail after the label, e.g. 'priority 2' or 'priority 1 → 3'. */
  description?: ReactNode;
}

/** Texts of {@link ResultDialog}; every one can be overridden through the `labels` prop. */
export interface ResultDialogLabels {
  /** Title used when the `title` prop is not given. */
  title: string;
  /** Heading of the added section. */
  added: string;
  /** Heading of the removed section. */
  removed: string;
  /** Heading of the updated section. */
  updated: string;
  /** Shown instead of the sections when nothing was added, removed or updated. */
  noChanges: string;
  /** Label of the button that closes the dialog. */
  close: string;
}

/**
 * English defaults of {@link ResultDialogLabels}, a view of the one `defaultLabels` object; 'No changes were made to
 * the permissions.' is the spec's text.
 */
export const DEFAULT_RESULT_DIALOG_LABELS: ResultDialogLabels = {
  title: defaultLabels.permissionChangesTitle,
  added: defaultLabels.added,
  removed: defaultLabels.removed,
  updated: defaultLabels.updated,
  noChanges: defaultLabels.noPermissionChanges,
  close: defaultLabels.close,
};

/** Props of {@link ResultDialog}. */
export interface ResultDialogProps extends Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'children'> {
  /** Whether the dialog is open (controlled). */
  opened: boolean;
  /** Called by the 'Close' button, Escape and a click outside. */
  onClose: () => void;
  /**
   * Heading of the dialog.
   * @default labels.title ('Permission changes')
   */
  title?: ReactNode;
  /** Optional sentence above the lists, e.g. which claim group was changed. */
  message?: ReactNode;
  /**
   * Permissions that were added.
   * @default []
   */
  added?: readonly ResultDialogEntry[];
  /**
   * Permissions that were removed.
   * @default []
   */
  removed?: readonly ResultDialogEntry[];
  /**
   * Permissions whose priority or allow flag changed.
   * @default []
   */
  updated?: readonly ResultDialogEntry[];
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<ResultDialogLabels>;
}

const EMPTY: readonly ResultDialogEntry[] = [];

const defaultProps = {
  added: EMPTY,
  removed: EMPTY,
  updated: EMPTY,
} satisfies Partial<ResultDialogProps>;

interface ResultSectionProps {
  heading: string;
  entries: readonly ResultDialogEntry[];
  kind: 'added' | 'removed' | 'updated';
}

function ResultSection({ heading, entries, kind }: ResultSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-kind={kind}>
      <Title order={3} size="h5" id={headingId} mb={4}>
        {heading}
      </Title>
      <List size="sm" spacing={2}>
        {entries.map((entry) => (
          <List.Item key={entry.key}>
            {entry.label}
            {entry.description !== undefined && entry.description !== null && <> ({entry.description})</>}
          </List.Item>
        ))}
      </List>
    </Box>
  );
}

/**
 * The dialog shown after a permission change: the Added, Removed and Updated permissions in one section each
 * (empty sections are left out), or 'No changes were made to the permissions.' when all three are empty.
 */
export function ResultDialog(props: ResultDialogProps) {
  const { opened, onClose, title, message, added, removed, updated, labels, ...others } = useProps(
    'ResultDialog',
    defaultProps,
    props,
  );
  const all = useLabels();
  const text: ResultDialogLabels = {
    title: all.permissionChangesTitle,
    added: all.added,
    removed: all.removed,
    updated: all.updated,
    noChanges: all.noPermissionChanges,
    close: all.close,
    ...labels,
  };
  const noChanges = added.length === 0 && removed.length === 0 && updated.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? text.title}
      centered
      // The 'Close' button below is the one way out besides Escape; a second "Close" (×) would only be noise.
      withCloseButton={false}
      data-no-changes={noChanges || undefined}
      {...others}
    >
      <Stack gap="md">
        {message && <Box>{message}</Box>}
        {noChanges ? (
          <Text>{text.noChanges}</Text>
        ) : (
          <>
            {added.length > 0 && <ResultSection kind="added" heading={text.added} entries={added} />}
            {removed.length > 0 && <ResultSection kind="removed" heading={text.removed} entries={removed} />}
            {updated.length > 0 && <ResultSection kind="updated" heading={text.updated} entries={updated} />}
          </>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {text.close}
        </Button>
      </Group>
    </Modal>
  );
}

ResultDialog.displayName = '@ccq/forms-admin/ResultDialog';

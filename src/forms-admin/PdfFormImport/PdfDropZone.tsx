import { Alert, Button, FileButton, Group, Paper, Progress, SimpleGrid, Stack, Text, type PaperProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useRef, useState, type CSSProperties, type DragEvent, type ReactElement } from 'react';
import { fileSizeText } from '../../engine/file-references';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import type { PdfImportError } from './import-problems';

/** Props of {@link PdfDropZone}. */
export interface PdfDropZoneProps {
  labels: Labels;
  /** The chosen file, shown by name and size. */
  file: File | null;
  /** The upload under way: the choice is locked and a progress bar and 'Cancel' show. */
  uploading: boolean;
  /** No upload may start (the user lacks the claims). */
  disabled?: boolean;
  /** Why the last upload was refused; shown beside the zone and read with its button. */
  error: PdfImportError | null;
  /** The size limit shown in the hint, in bytes. */
  maxFileBytes: number;
  onChoose(file: File): void;
  onCancel(): void;
  /** 'Build a form yourself', offered with a refusal that suggests it. */
  onBuildForm?: () => void;
  /** Class name and style of the zone (the `dropzone` styles name). */
  zoneProps?: { className?: string; style?: CSSProperties };
}

/** A page with a folded corner and an arrow up into it: "a file to upload". Decorative. */
function UploadIcon(): ReactElement {
  return (
    <svg width={40} height={40} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M14 3v4a1 1 0 0 0 1 1h4" />
      <path d="M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z" />
      <path d="M12 11v6" />
      <path d="M9.5 13.5l2.5 -2.5l2.5 2.5" />
    </svg>
  );
}

/**
 * Where the PDF import's file is chosen: a dashed drop zone with an icon, 'Drop a PDF here, or choose one', the size
 * limit, and a 'Choose a PDF' button (the keyboard's way in; it opens the browser's file picker). The chosen file
 * shows by name and size, the upload's progress inside the zone, and a refusal beside it, where the button names it
 * too (`aria-describedby`), so choosing another file is one step.
 */
export function PdfDropZone(props: PdfDropZoneProps & Omit<PaperProps, 'children'>): ReactElement {
  const { labels, file, uploading, disabled = false, error, maxFileBytes, onChoose, onCancel, onBuildForm, zoneProps, ...others } = props;
  const id = useId();
  const locale = useLocale();
  const [dragging, setDragging] = useState(false);
  const resetInput = useRef<() => void>(null);
  const locked = disabled || uploading;
  const headlineId = `${id}-headline`;
  const hintId = `${id}-hint`;
  const fileId = `${id}-file`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, file ? fileId : null, error ? errorId : null].filter(Boolean).join(' ');

  const choose = (next: File | null) => {
    // The input forgets its file, so choosing the same file again (after fixing it) uploads it again.
    resetInput.current?.();
    if (next) onChoose(next);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (locked) return;
    const dropped = event.dataTransfer?.files;
    if (dropped && dropped.length > 0 && dropped[0]) onChoose(dropped[0]);
  };

  const zone = (
    <Paper
      withBorder
      p="lg"
      role="group"
      aria-labelledby={headlineId}
      aria-describedby={describedBy}
      aria-busy={uploading || undefined}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        if (!locked) setDragging(true);
      }}
      // Leaving the zone for one of its own children is not leaving it.
      onDragLeave={(event: DragEvent<HTMLDivElement>) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
      }}
      onDrop={onDrop}
      {...others}
      className={zoneProps?.className}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-primary-color-7)' : 'var(--mantine-color-default-border)',
        background: dragging ? 'var(--mantine-color-default-hover)' : undefined,
        ...zoneProps?.style,
      }}
    >
      <Stack gap="sm" align="center" ta="center">
        <UploadIcon />
        <Text fw={600} id={headlineId}>
          {dragging ? labels.piDropActive : labels.piDropHere}
        </Text>
        <Text size="sm" id={hintId}>
          {fillLabel(labels.piDropHint, { size: fileSizeText(maxFileBytes, locale) })}
        </Text>
        <FileButton
          onChange={choose}
          accept="application/pdf,.pdf"
          disabled={locked}
          resetRef={resetInput}
          inputProps={{ 'aria-label': labels.piChooseFile }}
        >
          {(buttonProps) => (
            <Button {...buttonProps} disabled={locked} aria-describedby={describedBy}>
              {error ? labels.piTryAnother : labels.piChooseButton}
            </Button>
          )}
        </FileButton>
        {file && (
          <Text size="sm" id={fileId} style={{ overflowWrap: 'anywhere' }}>
            {fillLabel(labels.piChosenFile, { name: file.name, size: fileSizeText(file.size, locale) })}
          </Text>
        )}
        {uploading && (
          <Stack gap="sm" role="status" aria-live="polite" w="100%" maw={420} align="center">
            <Text size="sm">{fillLabel(labels.piUploading, { name: file?.name ?? '' })}</Text>
            <Progress w="100%" value={100} animated striped aria-label={fillLabel(labels.piUploading, { name: file?.name ?? '' })} />
            <Button variant="default" onClick={onCancel}>
              {labels.piCancel}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );

  if (!error) return zone;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {zone}
      <Alert color="red" role="alert" id={errorId} title={file?.name} styles={{ title: { overflowWrap: 'anywhere' } }}>
        <Stack gap="sm">
          <Text>{error.message}</Text>
          {error.detail && <Text size="sm">{error.detail}</Text>}
          {error.offerBuilder && onBuildForm && (
            <Group>
              <Button onClick={onBuildForm}>{labels.piBuildInstead}</Button>
            </Group>
          )}
        </Stack>
      </Alert>
    </SimpleGrid>
  );
}

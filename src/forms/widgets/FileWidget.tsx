import { Anchor, Button, FileButton, Group, Text } from '@mantine/core';
import { use, useState } from 'react';
import { fileLimitsOfNode, fileReferencesText, fileSizeText, isFileReferences, type FileReference } from '../../engine/files';
import { fillMessage } from '../../engine/messages';
import { FileDownloadContext, FileUploadContext } from '../context';
import { GroupFieldset } from './GroupFieldset';
import type { LiteRenderer } from './LiteField';
import type { WidgetProps } from './types';
import { textView, ViewAnswer, type ViewWidgetProps } from './ViewField';

/** A media type in short ('application/pdf' → 'PDF', 'text/plain' → 'TXT'). */
const shortType = (type: string): string => (type === 'text/plain' ? 'TXT' : (type.split('/')[1] ?? type).toUpperCase());

const FileText = textView((_cf, value) => fileReferencesText(value));

/**
 * View mode: each file's name and size, in the reader's locale; where the host downloads files (the instance page,
 * for staff), each one a 'Download' button.
 */
export function FileView(props: ViewWidgetProps) {
  const download = use(FileDownloadContext);
  const { id, label, value, labels } = props;
  if (!download || !isFileReferences(value) || value.length === 0) return <FileText {...props} />;
  return (
    <ViewAnswer id={id} label={label}>
      {value.map((file) => (
        <Text key={file.fileId} size="sm">
          <Anchor component="button" type="button" onClick={() => download(file)}>
            {fillMessage(labels.fileDownload, { name: file.name })}
          </Anchor>{' '}
          ({fileSizeText(file.size)})
        </Text>
      ))}
    </ViewAnswer>
  );
}

/**
 * `file`: a file upload question. An accessible 'Choose a file' button opens the browser's file picker (the field's
 * accepted types offered), each chosen file is checked against the field's limits (its path's schema: types, largest
 * size, number of files) and sent to the host's `uploadFile` (the server stores it and reads its type from the
 * content); the answer keeps only `{ fileId, name, size, type }`. The files are listed with their size and a 'Remove'
 * button each; an upload in progress and a refusal are said in the group (a live status, an error).
 */
export function FileWidget({ cf, id, label, description, state, disabled, readOnly, onChange, onBlur, labels }: WidgetProps) {
  const upload = use(FileUploadContext);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const files: FileReference[] = isFileReferences(state.value) ? state.value : [];
  const limits = fileLimitsOfNode(cf.node);
  const locked = disabled || readOnly;

  const choose = async (file: File | null) => {
    if (!file) return;
    const words = { name: file.name, max: fileSizeText(limits.maxBytes), types: limits.accepted.map(shortType).join(', ') };
    setProblem(null);
    if (file.size > limits.maxBytes) return setProblem(fillMessage(labels.fileTooLarge, words));
    if (!limits.accepted.some((type) => type === file.type)) return setProblem(fillMessage(labels.fileWrongType, words));
    if (!upload) return setProblem(labels.fileNoUpload);
    setBusy(fillMessage(labels.fileUploading, words));
    try {
      onChange([...files, await upload(file, cf.field.id)]);
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      setProblem(fillMessage(status === 413 ? labels.fileTooLarge : status === 415 ? labels.fileWrongType : labels.fileUploadFailed, words));
    } finally {
      setBusy(null);
      onBlur();
    }
  };

  return (
    <GroupFieldset id={id} label={label} description={description} error={problem ?? state.error} required={state.required}>
      {files.map((file) => (
        <Group key={file.fileId} gap="xs">
          <Text size="sm">
            {file.name} ({fileSizeText(file.size)})
          </Text>
          {locked ? null : (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange(files.length > 1 ? files.filter((f) => f !== file) : undefined)}>
              {fillMessage(labels.fileRemove, { name: file.name })}
            </Button>
          )}
        </Group>
      ))}
      <Text size="sm" role="status">
        {busy}
      </Text>
      {locked || files.length >= limits.maxFiles ? null : (
        <FileButton onChange={(file) => void choose(file)} accept={limits.accepted.join(',')} disabled={busy !== null} inputProps={{ 'aria-label': label }}>
          {(props) => (
            <Button {...props} variant="default" aria-describedby={`${id}-legend`}>
              {labels.fileChoose}
            </Button>
          )}
        </FileButton>
      )}
    </GroupFieldset>
  );
}

/**
 * The light stand-in of a file upload while a long form mounts progressively: the attached files in words and the
 * 'Choose a file' button, in the fieldset the question becomes (the picker opens once the full widget is mounted).
 */
export const liteFile: LiteRenderer = ({ state, readOnly, labels }, { common, fieldset }) =>
  fieldset(
    <>
      <div>{fileReferencesText(state.value)}</div>
      {readOnly ? null : (
        <button type="button" {...common}>
          {labels.fileChoose}
        </button>
      )}
    </>,
  );

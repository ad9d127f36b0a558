import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, use, useEffect, useState } from 'react';
import { fileReferencesText, fileSizeText, isFileReferences } from '../../engine/file-references';
import { fileLimitsOfNode } from '../../engine/files';
import { fillMessage } from '../../engine/messages';
import { FileDownloadContext, FileUploadContext } from '../context';
import { GroupFieldset } from './GroupFieldset';
import type { LiteRenderer } from './LiteField';
import type { WidgetProps } from './types';
import { textView, ViewAnswer, type ViewWidgetProps } from './ViewField';

/*
 * The file upload question (`widget: 'file'`). Its picker with the upload and its download buttons are loaded on
 * demand (`./FileWidget`, a chunk of its own): a form without a file upload question, which most forms are, does not
 * carry them. Drawn here: the question's fieldset (label, help text, error), what shows while that chunk loads, and
 * the answer as text.
 */

const FilePicker = /* @__PURE__ */ lazy(() => import('./FileWidget').then((m) => ({ default: m.FilePicker })));
const FileDownloads = /* @__PURE__ */ lazy(() => import('./FileWidget').then((m) => ({ default: m.FileDownloads })));

/** What the loaded parts write with (they import none of the library, so that they share no module with it). */
const words = { fill: fillMessage, size: (bytes: number) => fileSizeText(bytes) };

/** The answer as text: each file's name and size. */
const FileText = /* @__PURE__ */ textView((_cf, value) => fileReferencesText(value));

/**
 * `file` in edit mode: the question's fieldset; in it, while the picker loads, the attached files and the 'Choose a
 * file' button where the picker draws them (the button shown loading and disabled, so nothing moves when it comes),
 * and a live status that says it is loading. A refused file is the question's error, which the field holds
 * (`onHold`) until the file is replaced or removed: the form does not go on without the file the person chose.
 */
export function FileEdit({ cf, id, label, description, state, disabled, readOnly, onChange, onBlur, onHold, labels }: WidgetProps) {
  const upload = use(FileUploadContext);
  const [problem, setProblem] = useState<string | null>(null);
  // Held at once (a submit waiting for an upload checks right after it), let go when the question goes.
  const refuse = (next: string | null, held = true) => {
    setProblem(next);
    onHold(held ? next : null);
  };
  useEffect(() => () => onHold(null), [onHold]);
  const files = isFileReferences(state.value) ? state.value : [];
  const limits = fileLimitsOfNode(cf.node);
  const locked = disabled || readOnly;
  const loading = (
    <>
      {files.map((file) => (
        <Group key={file.fileId} gap="xs">
          <Text size="sm">
            {file.name} ({fileSizeText(file.size)})
          </Text>
        </Group>
      ))}
      <Text size="sm" role="status">
        <VisuallyHidden>{labels.fileLoading}</VisuallyHidden>
      </Text>
      {locked || files.length >= limits.maxFiles ? null : (
        <Button variant="default" loading aria-describedby={`${id}-legend`}>
          {labels.fileChoose}
        </Button>
      )}
    </>
  );
  return (
    <GroupFieldset id={id} label={label} description={description} error={problem ?? state.error} required={state.required}>
      <Suspense fallback={loading}>
        <FilePicker
          id={id}
          fieldId={cf.field.id}
          label={label}
          files={files}
          limits={limits}
          locked={locked}
          upload={upload}
          onChange={onChange}
          onBlur={onBlur}
          onProblem={refuse}
          labels={labels}
          words={words}
        />
      </Suspense>
    </GroupFieldset>
  );
}

/**
 * `file` in view mode: each file's name and size, in the reader's locale; where the host downloads files (the instance
 * page, for staff), each one a 'Download' button (loaded on demand, the names and sizes shown meanwhile).
 */
export function FileView(props: ViewWidgetProps) {
  const download = use(FileDownloadContext);
  const { id, label, value, labels } = props;
  if (!download || !isFileReferences(value) || value.length === 0) return <FileText {...props} />;
  return (
    <ViewAnswer id={id} label={label}>
      <Suspense fallback={<Text size="sm">{fileReferencesText(value)}</Text>}>
        <FileDownloads files={value} download={download} labels={labels} words={words} />
      </Suspense>
    </ViewAnswer>
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

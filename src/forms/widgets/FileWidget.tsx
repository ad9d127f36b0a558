/*
 * The file upload question's parts loaded on demand (see `./FileField`, which draws the question's fieldset and what
 * shows while this loads): the picker with the chosen files' checks and upload, and the view's download buttons. It
 * imports nothing the eager code carries but types: what it writes with (the texts' fill-in, a size in words) comes as
 * {@link FileWords}, so a form without a file upload question carries none of it and no module is shared with it
 * (`fileTypeName` is a module of its own that only code loaded on demand imports).
 */
import { Anchor, Button, FileButton, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FileReference } from '../../engine/file-references';
import { fileTypeName } from '../../engine/file-type-name';
import type { FileLimits } from '../../engine/files';
import type { FileDownloader, FileUploader } from '../context';
import type { FormLabels } from '../labels';

/** A media type in short ('application/pdf' → 'PDF', 'text/plain' → 'TXT'). */

/**
 * A file's 'Remove {name}' button: subtle, its words wrapping as a long file name needs (a button keeps its words on one
 * line and cuts what does not fit, which on a phone cut the name).
 */
const removeProps = {
  variant: 'subtle',
  size: 'compact-sm',
  styles: { root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start', lineHeight: 1.35 } },
} as const;
/** A file name breaks anywhere rather than run past a narrow screen. */
const nameStyle = { overflowWrap: 'anywhere' } as const;
/** The question while a file is dragged over it: outlined, so the person sees where it will go. */
const dropStyle = { outline: '2px dashed var(--mantine-primary-color-filled)', 'outline-offset': '4px', 'border-radius': '4px' } as const;

/** How the file parts write their texts: the library's own helpers, given by `./FileField`. */
export interface FileWords {
  /** Fills a label's `{name}` places (`fillMessage`). */
  fill: (template: string, values: Readonly<Record<string, string | number | undefined>>) => string;
  /** A file's size in words (`fileSizeText`). */
  size: (bytes: number) => string;
}

/** What the picker gets from the question (`./FileField`). */
export interface FilePickerProps {
  /** The question's id (its legend is `${id}-legend`). */
  id: string;
  /** The layout field's id, which the upload is for. */
  fieldId: string;
  /** The question's label: the name of the file input. */
  label: string;
  /** The attached files. */
  files: FileReference[];
  /** The question's limits, from its path's schema. */
  limits: FileLimits;
  /** No file can be added or removed (disabled or read-only). */
  locked: boolean;
  /** The host's uploader (null: files cannot be attached here). */
  upload: FileUploader | null;
  /** The new answer (undefined: no file). */
  onChange: (value: FileReference[] | undefined) => void;
  onBlur: () => void;
  /**
   * Says (null: clears) why a file was refused, as the question's error; held (the default) until the file is removed
   * or replaced, so the form does not go on without it.
   */
  onProblem: (problem: string | null, held?: boolean) => void;
  labels: FormLabels;
  words: FileWords;
}

/**
 * A file upload question's content: the attached files with their size and a 'Remove' button each, a live status
 * while one is sent (with a button that cancels it), and the 'Choose a file' button that opens the browser's file picker
 * (the accepted types offered; several files where the question takes more than one more), with what the question
 * takes written under it (the kinds, the largest size) and that a file may be dropped; a file dragged onto the
 * question is taken the same way. Each file is checked against the limits and sent to the host's `upload` (the server
 * stores it and reads its type from the content); the answer keeps only `{ fileId, name, size, type }`.
 */
export function FilePicker({ id, fieldId, label, files, limits, locked, upload, onChange, onBlur, onProblem, labels, words: { fill, size } }: FilePickerProps) {
  // What the live status says: the upload under way, or that one was cancelled.
  const [status, setStatus] = useState<string | null>(null);
  // The upload under way: its file's name and what cancels it (offered even while the form waits for it).
  const [sending, setSending] = useState<{ name: string; cancel: AbortController } | null>(null);
  // The file last refused, shown with a button that lets it go (the question's error stays until then).
  const [refused, setRefused] = useState<{ name: string; size: number } | null>(null);
  // Where the focus goes when the file row it was on goes away: 'Choose a file'. It is not there while the form waits
  // for an upload (a Next or Submit pressed): it takes the focus when it comes back. Nor when the question holds its
  // number of files (a refused file let go): the last file's 'Remove' takes it.
  const root = useRef<HTMLDivElement>(null);
  const chooseButton = useRef<HTMLButtonElement | null>(null);
  const focusChoose = useRef(false);
  const takeFocus = () => {
    if (!focusChoose.current || !chooseButton.current) return;
    focusChoose.current = false;
    chooseButton.current.focus();
  };
  const lastButton = () => [...(root.current?.querySelectorAll('button') ?? [])].pop()?.focus();
  const afterRemove = () => {
    focusChoose.current = true;
    const waiting = locked;
    requestAnimationFrame(() => {
      if (chooseButton.current || waiting) return takeFocus();
      focusChoose.current = false;
      lastButton();
    });
  };
  // 'Choose a file' goes once the question holds its number of files: the focus it had goes to the last file's
  // 'Remove', not to the page (unless the person has moved it elsewhere while the file was sent).
  const afterChoose = () =>
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (!chooseButton.current && (now === null || now === document.body)) lastButton();
    });
  const chooseRef = (button: HTMLButtonElement | null) => {
    chooseButton.current = button;
    takeFocus();
  };

  // Checks and sends one file after the `attached` ones: the answer with it, or null when it was refused or cancelled.
  const chooseOne = async (file: File, attached: FileReference[]): Promise<FileReference[] | null> => {
    const words = { name: file.name, max: size(limits.maxBytes), types: limits.accepted.map(fileTypeName).join(', '), count: limits.maxFiles };
    const refuse = (problem: string) => {
      setRefused({ name: file.name, size: file.size });
      onProblem(problem);
      return null;
    };
    setRefused(null);
    onProblem(null);
    if (attached.length >= limits.maxFiles) return refuse(fill(labels.fileTooMany, words));
    if (file.size > limits.maxBytes) return refuse(fill(labels.fileTooLarge, words));
    if (!limits.accepted.some((type) => type === file.type)) return refuse(fill(labels.fileWrongType, words));
    // Where no file can be stored (a preview) nothing is refused of the person's: said, not held, so the rest of the
    // form can still be tried.
    if (!upload) {
      onProblem(labels.fileNoUpload, false);
      return null;
    }
    const cancel = new AbortController();
    setSending({ name: file.name, cancel });
    setStatus(fill(labels.fileUploading, words));
    try {
      const stored = await upload(file, fieldId, cancel.signal);
      setStatus(null);
      const answer = [...attached, stored];
      onChange(answer);
      return answer;
    } catch (error) {
      // Cancelled: nothing of the person's is refused; the file is simply not attached, and the status says so.
      if (cancel.signal.aborted) {
        setStatus(fill(labels.fileCancelled, words));
        return null;
      }
      setStatus(null);
      const code = (error as { status?: unknown } | null)?.status;
      return refuse(fill(code === 413 ? labels.fileTooLarge : code === 415 ? labels.fileWrongType : labels.fileUploadFailed, words));
    } finally {
      setSending(null);
    }
  };

  // Files chosen or dropped together are sent one after another, in their order; the first refused or cancelled one
  // stops the rest (the question says which, and the files before it stay attached).
  const choose = async (chosen: readonly File[]) => {
    const focused = chooseButton.current !== null && chooseButton.current === document.activeElement;
    let attached: FileReference[] | null = files;
    for (const file of chosen) if (!(attached = await chooseOne(file, attached))) break;
    onBlur();
    if (focused) afterChoose();
  };

  // A file dragged onto the question (its label, help text or picker: the whole fieldset) is taken as if chosen; the
  // question is outlined while the file is over it. The listeners read the render's state through a ref.
  const open = !locked && sending === null && files.length < limits.maxFiles;
  const latest = useRef({ open, choose });
  latest.current = { open, choose };
  useEffect(() => {
    const area: HTMLElement | null = root.current?.closest('fieldset') ?? root.current;
    if (!area) return;
    const outline = (on: boolean) => {
      for (const [name, value] of Object.entries(dropStyle)) area.style.setProperty(name, on ? value : '');
      area.toggleAttribute('data-dragging', on);
    };
    const isFiles = (event: globalThis.DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const over = (event: globalThis.DragEvent) => {
      if (!isFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = latest.current.open ? 'copy' : 'none';
      outline(latest.current.open);
    };
    const leave = (event: globalThis.DragEvent) => {
      if (!area.contains(event.relatedTarget as Node | null)) outline(false);
    };
    const drop = (event: globalThis.DragEvent) => {
      if (!isFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      outline(false);
      if (latest.current.open) void latest.current.choose([...event.dataTransfer.files]);
    };
    area.addEventListener('dragover', over);
    area.addEventListener('dragleave', leave);
    area.addEventListener('drop', drop);
    return () => {
      outline(false);
      area.removeEventListener('dragover', over);
      area.removeEventListener('dragleave', leave);
      area.removeEventListener('drop', drop);
    };
  }, []);

  // A file dropped beside the question, anywhere else on the page, is not opened in place of the form (what the person
  // entered would be gone): the page refuses it, with the browser's 'no drop' cursor.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    document.addEventListener('dragover', refuse);
    document.addEventListener('drop', refuse);
    return () => {
      document.removeEventListener('dragover', refuse);
      document.removeEventListener('drop', refuse);
    };
  }, []);

  return (
    <div ref={root}>
      {files.map((file) => (
        <Group key={file.fileId} gap="xs">
          <Text size="sm" style={nameStyle}>
            {file.name} ({size(file.size)})
          </Text>
          {locked ? null : (
            <Button
              {...removeProps}
              onClick={() => {
                onChange(files.length > 1 ? files.filter((f) => f !== file) : undefined);
                afterRemove();
              }}
            >
              {fill(labels.fileRemove, { name: file.name })}
            </Button>
          )}
        </Group>
      ))}
      {refused && !locked ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed" style={nameStyle}>
            {refused.name} ({size(refused.size)})
          </Text>
          <Button
            {...removeProps}
            onClick={() => {
              setRefused(null);
              onProblem(null);
              afterRemove();
            }}
          >
            {fill(labels.fileRemove, { name: refused.name })}
          </Button>
        </Group>
      ) : null}
      <Text size="sm" role="status" style={nameStyle}>
        {status}
      </Text>
      {sending ? (
        <Button
          {...removeProps}
          onClick={() => {
            sending.cancel.abort();
            afterRemove();
          }}
        >
          {fill(labels.fileCancel, { name: sending.name })}
        </Button>
      ) : null}
      {locked || files.length >= limits.maxFiles ? null : (
        <FileButton
          multiple={limits.maxFiles - files.length > 1}
          onChange={(chosen: File | File[] | null) => void choose(chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen])}
          accept={limits.accepted.join(',')}
          disabled={sending !== null}
          inputProps={{ 'aria-label': label }}
        >
          {(props) => (
            // While a file is sent the button does nothing (FileButton's `disabled`); it says so but keeps the focus.
            <Button
              {...props}
              ref={chooseRef}
              variant="default"
              aria-describedby={`${id}-legend ${id}-limits`}
              aria-disabled={sending !== null || undefined}
              data-disabled={sending !== null || undefined}
            >
              {labels.fileChoose}
            </Button>
          )}
        </FileButton>
      )}
      {locked || files.length >= limits.maxFiles ? null : (
        <Text id={`${id}-limits`} size="sm" mt={4}>
          {fill(labels.fileLimits, { types: limits.accepted.map(fileTypeName).join(', '), max: size(limits.maxBytes), count: limits.maxFiles })}
        </Text>
      )}
    </div>
  );
}

/** View mode where the host downloads files (the instance page, for staff): each file a 'Download' button and its size. */
export function FileDownloads({ files, download, labels, words: { fill, size } }: { files: FileReference[]; download: FileDownloader; labels: FormLabels; words: FileWords }) {
  return files.map((file) => (
    <Text key={file.fileId} size="sm">
      <Anchor component="button" type="button" onClick={() => download(file)}>
        {fill(labels.fileDownload, { name: file.name })}
      </Anchor>{' '}
      ({size(file.size)})
    </Text>
  ));
}

import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../api/errors';
import type { FormSchema, GeneratedForm, PdfField } from '../../api/types';
import { entityKeys } from '../../query/keys';
import type { Labels } from '../../query/labels';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { saveClaimOf, useClaimCheck } from '../shared/access';
import { PDF_UPLOAD_LIMITS } from '../../domain/pdf/limits';
import { describePdfImportError, problemBeforeUpload, type PdfImportError } from './import-problems';

/** Where the import is. */
export type PdfFormImportStatus = 'idle' | 'uploading' | 'failed' | 'generated';

/** Options of {@link usePdfFormImport}. */
export interface PdfFormImportOptions {
  /** Called once the generated form is created (before 'Open in builder' or 'Link fields to data' leaves). */
  onCreated?: (form: { formId: string; formSchemaId: string; name: string }) => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /**
   * The largest file sent, in bytes: a larger (or empty) file is refused at once, without uploading it.
   * @default PDF_UPLOAD_LIMITS.maxBytes (10 MiB, the reference server's limit)
   */
  maxFileBytes?: number;
}

/** What {@link usePdfFormImport} returns; `PdfFormImportView` renders it. */
export interface PdfFormImportController {
  labels: Labels;
  status: PdfFormImportStatus;
  /** The chosen file. */
  file: File | null;
  /** The chosen file's bytes, read in the browser, for drawing its pages. */
  bytes: Uint8Array | null;
  /** Why the last upload failed, in plain words. */
  error: PdfImportError | null;
  /** The form the server generated (a draft until created). */
  generated: GeneratedForm | null;
  /** The fields found in the PDF, in reading order (buttons left out). */
  fields: readonly PdfField[];
  /** The selected field's name; the list and the page outlines share it. */
  selected: string | null;
  select(name: string | null): void;
  /** Uploads `file` (a new choice cancels an upload under way). */
  choose(file: File | null): void;
  /** Stops the upload under way. */
  cancel(): void;
  /** Forgets the file and its result, to choose another. */
  reset(): void;
  /** The new form's name (the generated one until changed). */
  name: string;
  setName(name: string): void;
  /** Whether the user may upload a PDF and create the form. */
  canImport: boolean;
  /** True while the user's claims load. */
  accessLoading: boolean;
  /** Creates the generated form and its first version (once), then resolves their ids. */
  create(): Promise<{ formId: string; formSchemaId: string } | null>;
  creating: boolean;
  createError: unknown;
}

/**
 * The PDF import's state: the chosen file, its upload to `FormGenerator/UploadPdf`, the generated fields, the
 * selected field, and creating the generated form (a draft until then) through the CRUD calls, keeping its ids.
 */
export function usePdfFormImport(options: PdfFormImportOptions = {}): PdfFormImportController {
  const labels = useLabels(options.labels);
  const locale = useLocale();
  const { client, queryClient } = useApi();
  const { holds, loading: accessLoading } = useClaimCheck();
  const [file, setFile] = useState<File | null>(null);
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [status, setStatus] = useState<PdfFormImportStatus>('idle');
  const [error, setError] = useState<PdfImportError | null>(null);
  const [generated, setGenerated] = useState<GeneratedForm | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ formId: string; formSchemaId: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);
  const upload = useRef<AbortController | null>(null);
  const onCreated = useRef(options.onCreated);
  onCreated.current = options.onCreated;

  useEffect(() => () => upload.current?.abort(), []);

  const canImport = holds('FormGenerator_UploadPdf', 'CreateForm_AllowRead', saveClaimOf('form', 'post'), saveClaimOf('formschema', 'post'));

  const clear = () => {
    upload.current?.abort();
    upload.current = null;
    setFile(null);
    setBytes(null);
    setStatus('idle');
    setError(null);
    setGenerated(null);
    setSelected(null);
    setName('');
    setCreated(null);
    setCreateError(null);
  };

  const choose = (next: File | null) => {
    clear();
    if (!next) return;
    setFile(next);
    const refused = problemBeforeUpload(next, options.maxFileBytes ?? PDF_UPLOAD_LIMITS.maxBytes, labels, locale);
    if (refused) {
      setError(refused);
      setStatus('failed');
      return;
    }
    setStatus('uploading');
    const controller = new AbortController();
    upload.current = controller;
    void next
      .arrayBuffer()
      .then((buffer) => {
        if (!controller.signal.aborted) setBytes(new Uint8Array(buffer));
      })
      .catch(() => undefined);
    client.formGenerator
      .uploadPdf({ data: next, fileName: next.name }, { signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result) throw new Error(labels.piErrorOther);
        setGenerated(result);
        setName(result.form.name);
        setStatus('generated');
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || isAbortError(failure)) return;
        setError(describePdfImportError(failure, labels, locale));
        setStatus('failed');
      });
  };

  const create = async () => {
    if (created) return created;
    if (!generated) return null;
    setCreating(true);
    setCreateError(null);
    try {
      const formName = name.trim() === '' ? generated.form.name : name.trim();
      // The generated form is a draft: it is stored by posting it, keeping the ids the server gave (the PDF it was
      // made from is kept under that form id). The form first, then its first version, which becomes current.
      const form = await client.crud.form.post({ ...generated.form, name: formName, currentFormSchemaId: null });
      const schema: FormSchema | null = await client.crud.formschema.post({
        ...generated.formSchema,
        formId: form?.formId ?? generated.form.formId,
        name: formName,
      });
      const ids = { formId: form?.formId ?? generated.form.formId, formSchemaId: schema?.formSchemaId ?? generated.formSchema.formSchemaId };
      setCreated(ids);
      void queryClient.invalidateQueries({ queryKey: entityKeys.entity('form') });
      void queryClient.invalidateQueries({ queryKey: entityKeys.entity('formschema') });
      onCreated.current?.({ ...ids, name: formName });
      return ids;
    } catch (failure) {
      setCreateError(failure);
      return null;
    } finally {
      setCreating(false);
    }
  };

  return {
    labels,
    status,
    file,
    bytes,
    error,
    generated,
    fields: (generated?.fields ?? []).filter((f) => f.type !== 'button'),
    selected,
    select: setSelected,
    choose,
    cancel: clear,
    reset: clear,
    name,
    setName,
    canImport,
    accessLoading,
    create,
    creating,
    createError,
  };
}

import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { FormSchema, JsonObject } from '../api/types';
import { compileFormSchema } from '../engine/compile';
import { withWidgetKinds, type WidgetKind } from '../engine/widget-kinds';
import { createFormEngine, type FormCheckResult, type FormEngine, type FormError } from '../engine/engine';
import type { FileReference } from '../engine/file-references';
import { fillMessage } from '../engine/messages';
import { watchPresses } from './after-press';
import { FileDownloadContext, FileUploadContext, FormContext, type FileDownloader, type FileUploader, type FormContextValue } from './context';
import { FormStepper } from './FormStepper';
import { ErrorSummary, errorTargetId, focusField } from './ErrorSummary';
import { ApiContext } from '../query/api-context';
import { resolveFormLabels, type FormLabels } from './labels';
import { withFormWidgets, type FormWidget } from './widgets/registry';
import { createProgressive, type ProgressiveOptions } from './progressive';
import { Section } from './Section';
import { READABLE_FORM_COLORS } from '../ui/contrast';

/** Props of {@link FormRenderer}. */
export interface FormRendererProps {
  /** The form schema: JSON Schema of the data plus the layout (pages → sections → fields). */
  schema: FormSchema;
  /**
   * `'edit'` fills the form in (one page at a time with a stepper); `'view'` shows the answers read-only in the same
   * layout, every page one after the other.
   * @default 'edit'
   */
  mode?: 'edit' | 'view';
  /** The data to start from (ignored when `engine` is given). Without it, schema defaults are filled in. */
  initialData?: JsonObject;
  /**
   * An engine made by the caller (see {@link useFormEngine}), for callers that read or write the data outside the
   * renderer — e.g. restoring a draft with `engine.setData`, or showing the server's errors with
   * `engine.setExternalErrors`. It must be made from the same `schema`.
   */
  engine?: FormEngine;
  /** Called after every change with the whole data and the path that changed (e.g. to save a draft). */
  onChange?: (data: JsonObject, path: string) => void;
  /**
   * Called on submit when the whole form is valid, with the data to store (hidden answers removed, computed values
   * recomputed). While a returned promise is pending the submit button shows a loader and the form is disabled.
   */
  onSubmit?: (data: JsonObject, result: FormCheckResult) => void | Promise<void>;
  /** Called when a submit finds problems (they are also shown in the error summary and at the fields). */
  onInvalidSubmit?: (errors: FormError[]) => void;
  /** Called when the page of a multi-page form changes. */
  onPageChange?: (pageIndex: number) => void;
  /**
   * The page a multi-page form opens on (e.g. the one a visitor was on before a reload); clamped to the pages there are.
   * @default 0
   */
  initialPage?: number;
  /**
   * Sets the browser tab's title (the document title) while the form is shown: in edit mode of a multi-page form
   * "Step 2 of 5: Contact — {form name}" (`labels.stepDocumentTitle`), else the form's name (`labels.formDocumentTitle`),
   * so each step has a title of its own. A string is used as the form's name in them. Leave it off when the page
   * around the form sets the title.
   * @default false
   */
  documentTitle?: boolean | string;
  /** Overrides of any text: the renderer's own (buttons, summary…) and the validation messages. */
  labels?: Partial<FormLabels>;
  /**
   * Disables every control (e.g. while the caller saves).
   * @default false
   */
  disabled?: boolean;
  /**
   * Mount long forms progressively: the first screen as Mantine widgets and the next fields as light working controls
   * in the first render, every other field as a light control right after the first paint, and Mantine widgets as
   * sections come near the viewport. `true` or options turn it on, `false` off; by default it is on for forms of more
   * than 60 fields.
   */
  progressive?: boolean | ProgressiveOptions;
  /**
   * Prefix of the DOM ids of the fields (`{idPrefix}-{fieldId}`); default a unique id per form.
   */
  idPrefix?: string;
  /** Hides the submit button (a caller that submits by other means, or a preview). @default false */
  hideSubmit?: boolean;
  /**
   * The form's accessible name (a `<form>` with a name is a landmark): give each form on one page its own.
   * @default the schema's name
   */
  'aria-label'?: string;
  /**
   * The level of the form's top headings: page titles of a multi-page form, else section titles (section titles of
   * a multi-page form are one level below). Set it to fit the page around the form, e.g. 3 under an `h2`.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5;
  /**
   * The host's widget kinds, merged over the built-in ones (`FORM_WIDGETS`): a new name adds a kind layouts may
   * use, a built-in name restyles that widget. Pass a stable object (module level): a new one re-renders the form.
   * With `engine`, give the same widgets to `useFormEngine`.
   */
  widgets?: Readonly<Record<string, FormWidget>>;
  /**
   * Stores a file chosen in a file upload question and answers its reference (`FormInstanceViewer` sends it to
   * `/api/FormFiles/Upload` for the instance). Its `signal` is aborted when the person cancels the upload. Without it,
   * a file upload question says files cannot be attached here.
   */
  uploadFile?: FileUploader;
  /** In view mode, each attached file becomes a 'Download' button calling this (the instance page's, for staff). */
  downloadFile?: FileDownloader;
}

/** Options of {@link useFormEngine}. */
export interface UseFormEngineOptions {
  initialData?: JsonObject;
  labels?: Partial<FormLabels>;
  /** The host's widget kinds, as given to `FormRenderer` (what each stores decides how the engine treats it). */
  widgets?: Readonly<Record<string, WidgetKind>>;
}

function makeEngine(schema: FormSchema, options: UseFormEngineOptions): FormEngine {
  const labels = resolveFormLabels(options.labels);
  return createFormEngine(schema, {
    data: options.initialData,
    messages: labels,
    applyDefaults: !options.initialData,
    widgets: withWidgetKinds(options.widgets),
  });
}

/**
 * A form engine kept for the life of the component and renewed when the schema (id or version) changes. Pass it to
 * {@link FormRenderer} as `engine` to read or change the data from outside.
 */
export function useFormEngine(schema: FormSchema, options: UseFormEngineOptions = {}): FormEngine {
  return useEngineUnless(null, schema, options);
}

/** {@link useFormEngine}, except that no engine is made while `given` is one. */
function useEngineUnless(given: FormEngine | null, schema: FormSchema, options: UseFormEngineOptions): FormEngine {
  // The provider's `formLabels` (a pack), under the options' own.
  const fromProvider = useContext(ApiContext)?.formLabels;
  if (fromProvider) options = { ...options, labels: { ...fromProvider, ...options.labels } };
  const [entry, setEntry] = useState<{ schema: FormSchema; engine: FormEngine | null }>(() => ({
    schema,
    engine: given ? null : makeEngine(schema, options),
  }));
  if (given) return given;
  const compile = (of: FormSchema) => compileFormSchema(of, { widgets: withWidgetKinds(options.widgets) });
  if (!entry.engine || (entry.schema !== schema && compile(entry.schema) !== compile(schema))) {
    const next = { schema, engine: makeEngine(schema, options) };
    setEntry(next);
    return next.engine;
  }
  return entry.engine;
}

const PROGRESSIVE_THRESHOLD = 60;

/**
 * Renders a form schema with Mantine inputs over the React-free form engine. Each field subscribes to its own state,
 * so a keystroke re-renders the edited field and the fields whose rules depend on it, nothing else. Labels, help texts
 * and options always render as text, never as HTML.
 */
export function FormRenderer(props: FormRendererProps) {
  const { schema, mode = 'edit', initialData, onChange, onSubmit, onInvalidSubmit, onPageChange, disabled = false, hideSubmit = false, headingLevel = 2 } = props;
  // The provider's `formLabels` (a pack), under the renderer's own `labels`.
  const fromProvider = useContext(ApiContext)?.formLabels;
  const labelsKey = JSON.stringify([fromProvider ?? null, props.labels ?? null]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content: an inline labels object must not re-render every field
  const labels = useMemo(() => resolveFormLabels({ ...fromProvider, ...props.labels }), [labelsKey]);
  const widgets = useMemo(() => withFormWidgets(props.widgets), [props.widgets]);
  const engine = useEngineUnless(props.engine ?? null, schema, { initialData, labels: props.labels, widgets });
  // A new schema run by the same engine (`setSchema`, a builder's preview) re-renders the form.
  const subscribeSchema = useCallback((listener: () => void) => engine.subscribeForm(listener), [engine]);
  const compiled = useSyncExternalStore(subscribeSchema, () => engine.compiled, () => engine.compiled);
  const reactId = useId();
  const idPrefix = props.idPrefix ?? `ccq${reactId.replace(/[^A-Za-z0-9]/g, '')}`;
  const [page, setPage] = useState(() => Math.max(0, Math.floor(props.initialPage ?? 0)));
  const [submitting, setSubmitting] = useState(false);
  // The uploads under way, as one promise: Next and Submit wait for them, then check, so the answers sent hold every
  // file stored and a file refused meanwhile stops them (the question holds its problem). A cancelled upload settles
  // at once, whether or not the host's upload heeds the signal, and stops a Next or Submit that waited for it.
  const uploads = useRef<Promise<unknown> | null>(null);
  const cancelled = useRef(false);
  const hostUpload = props.uploadFile;
  const uploadFile = useMemo<FileUploader | undefined>(
    () =>
      hostUpload &&
      ((file, fieldId, signal) => {
        const upload = new Promise<FileReference>((resolve, reject) => {
          // An abort event comes once.
          signal.addEventListener('abort', () => {
            cancelled.current = true;
            reject(signal.reason);
          });
          hostUpload(file, fieldId, signal).then(resolve, reject);
        });
        uploads.current = Promise.allSettled([uploads.current, upload]);
        return upload;
      }),
    [hostUpload],
  );
  const pendingFocus = useRef<string | null>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  const progressiveSetting = props.progressive ?? compiled.fields.length > PROGRESSIVE_THRESHOLD;
  const sectionIndex = useMemo(() => new Map(compiled.pages.flatMap((p) => p.sections).map((cs, i) => [cs, i])), [compiled]);
  const progressive = useMemo(
    () =>
      mode === 'edit' && progressiveSetting !== false
        ? createProgressive(
            // Repeatable sections mount in full (size 0 = always ready).
            [...sectionIndex.keys()].map((cs) => (cs.repeat ? 0 : cs.fields.length)),
            progressiveSetting === true ? {} : progressiveSetting,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one schedule per compiled form and mode
    [sectionIndex, mode, JSON.stringify(progressiveSetting)],
  );
  useEffect(() => {
    progressive?.start();
    return () => progressive?.stop();
  }, [progressive]);

  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  useEffect(() => engine.subscribeChanges((data, path) => latestOnChange.current?.(data, path)), [engine]);
  // Before the first press that could blur a field: its error then waits for the click (see afterPress).
  useEffect(() => watchPresses(document), []);

  const busy = disabled || submitting;
  const pages = compiled.pages;
  const lastPage = Math.max(0, pages.length - 1);
  const current = Math.min(page, lastPage);
  const multiPage = pages.length > 1;
  // Headings never skip a level: sections sit under the page title of a multi-page form, else at the top level.
  const sectionHeadingLevel = (multiPage ? headingLevel + 1 : headingLevel) as 2 | 3 | 4 | 5 | 6;
  const context = useMemo<FormContextValue>(
    () => ({ engine, mode, labels, idPrefix, disabled: busy, progressive, sectionIndex, sectionHeadingLevel, widgets }),
    [engine, mode, labels, idPrefix, busy, progressive, sectionIndex, sectionHeadingLevel, widgets],
  );

  const goTo = useCallback(
    (index: number) => {
      setPage(index);
      onPageChange?.(index);
    },
    [onPageChange],
  );

  useEffect(() => {
    // After a page change: focus the field an error link named, or the new page's heading.
    if (pendingFocus.current) {
      const id = pendingFocus.current;
      pendingFocus.current = null;
      focusField(id);
    } else if (focusHeading.current) {
      focusHeading.current = false;
      pageHeading.current?.focus();
    }
  }, [current]);

  const navigate = useCallback(
    (error: FormError) => {
      const target = errorTargetId(idPrefix, error);
      if (!target) return;
      if (mode === 'edit' && error.pageIndex >= 0 && error.pageIndex !== current) {
        pendingFocus.current = target;
        goTo(error.pageIndex);
      } else {
        // A field far down may not be in the DOM yet (progressive mounting, the first moments after the first paint):
        // mount every field now. A light control has the same id and works the same: focus it as it is.
        if (progressive && !progressive.allMounted) flushSync(() => progressive.mountAll());
        focusField(target);
      }
    },
    [idPrefix, mode, current, goTo, progressive],
  );

  // Waits for the uploads under way, the form shown busy, then a turn: as an upload settles, its picker sets the answer
  // or holds the refusal. Next and Submit check only after it, and stop when an upload was cancelled meanwhile: the
  // person pressed them with that file, and decides again without it. False: stop.
  const settleUploads = async () => {
    if (!uploads.current) return true;
    cancelled.current = false;
    setSubmitting(true);
    for (let last; last !== uploads.current; ) await (last = uploads.current);
    uploads.current = null;
    await new Promise((resolve) => setTimeout(resolve));
    setSubmitting(false);
    return !cancelled.current;
  };

  const next = async () => {
    if (!(await settleUploads()) || engine.validatePage(current).length > 0) return;
    focusHeading.current = true;
    goTo(current + 1);
  };

  // Back (and a step of the stepper) moves focus to the new page's heading, as Next does: left on the unmounted
  // button it would fall to the page body, and a keyboard or screen reader user would start again from the top.
  const back = (index: number) => {
    focusHeading.current = true;
    goTo(index);
  };

  const submit = async () => {
    if (!(await settleUploads())) return;
    const result = engine.submit();
    if (!result.valid) {
      onInvalidSubmit?.(result.errors);
      return;
    }
    if (!onSubmit) return;
    const pending = onSubmit(result.data, result);
    if (pending && typeof (pending as Promise<void>).then === 'function') {
      setSubmitting(true);
      try {
        await pending;
      } finally {
        setSubmitting(false);
      }
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode !== 'edit' || busy) return;
    // Enter in a field of an earlier page means "Next".
    if (current < lastPage) void next();
    else void submit();
  };

  const shownPages = mode === 'view' ? pages : pages.slice(current, current + 1);
  const stepperPages = useMemo(() => pages.map((p) => ({ id: p.page.id, title: p.page.title })), [pages]);
  const formName = typeof props.documentTitle === 'string' ? props.documentTitle : schema.name;
  const titleText =
    mode === 'edit' && multiPage
      ? fillMessage(labels.stepDocumentTitle, { number: current + 1, total: pages.length, page: pages[current]?.page.title ?? '', form: formName })
      : fillMessage(labels.formDocumentTitle, { form: formName });

  return (
    <FormContext value={context}>
      <FileUploadContext value={uploadFile ?? null}>
      <FileDownloadContext value={props.downloadFile ?? null}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        aria-label={props['aria-label'] ?? (schema.name || undefined)}
        data-mode={mode}
        // Inside the form, help texts, 'Not answered' and error messages take shades of AA contrast in both schemes.
        style={READABLE_FORM_COLORS}
      >
        {/* React puts a <title> into the document's head, ahead of the page's own, and takes it out on unmount. */}
        {props.documentTitle ? <title>{titleText}</title> : null}
        {mode === 'edit' ? <ErrorSummary engine={engine} labels={labels} idPrefix={idPrefix} onNavigate={navigate} /> : null}
        {mode === 'edit' && multiPage ? (
          <FormStepper
            pages={stepperPages}
            active={current}
            onStepClick={(index) => index < current && back(index)}
          />
        ) : null}
        <Stack gap="xl">
          {shownPages.map((p) => (
            <Stack key={p.page.id} gap="lg">
              {multiPage ? (
                <div>
                  <Title order={headingLevel} fz="xl" ref={mode === 'edit' ? pageHeading : undefined} tabIndex={-1}>
                    {p.page.title}
                  </Title>
                  {mode === 'edit' ? (
                    <Text size="sm" c="var(--mantine-color-dimmed)">
                      {fillMessage(labels.stepOf, { number: p.index + 1, total: pages.length })}
                    </Text>
                  ) : null}
                </div>
              ) : null}
              {/* The page's own sections; each draws the sections inside it. */}
              {p.sections.map((cs) => (cs.parent === null ? <Section key={cs.section.id} cs={cs} /> : null))}
            </Stack>
          ))}
        </Stack>
        {mode === 'edit' ? (
          <Group mt="xl" justify="space-between">
            {current > 0 ? (
              <Button variant="default" onClick={() => back(current - 1)} disabled={busy}>
                {labels.back}
              </Button>
            ) : (
              <span />
            )}
            {current < lastPage ? (
              <Button type="submit" disabled={busy}>
                {labels.next}
              </Button>
            ) : hideSubmit ? null : (
              <Button type="submit" loading={submitting} disabled={disabled}>
                {labels.submit}
              </Button>
            )}
          </Group>
        ) : null}
      </Box>
      </FileDownloadContext>
      </FileUploadContext>
    </FormContext>
  );
}
FormRenderer.displayName = '@ccq/forms-admin/FormRenderer';

import {
  Alert,
  Box,
  Button,
  Group,
  Stack,
  Text,
  Title,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { EnvelopeStatus, FormInstanceStatus } from '../api/enums';
import { isLockedBySigning } from '../domain/signing/statuses';
import { isApiError } from '../api/errors';
import { etagOfRow } from '../api/odata';
import type { FormInstance, FormSchema } from '../api/types';
import type { FormEngine } from '../engine/engine';
import type { FileReference } from '../engine/files';
import { FormRenderer, useFormEngine } from '../forms/FormRenderer';
import type { FormWidget } from '../forms/widgets/registry';
import type { FormLabels } from '../forms/labels';
import { APIProvider } from '../query/APIProvider';
import { formLinkModeQueries } from '../query/form-link-mode';
import { FormNotFoundError, formViewerQueries } from '../query/forms-viewer';
import type { Labels } from '../query/labels';
import { LabelsProvider, useLabelGroup } from '../query/label-context';
import { fillLabel } from '../query/shared-labels';
import { useFormViewerApi, viewerLabels, type ViewerLabels } from '../query/viewer-client';
import { ErrorAlert } from '../ui/ErrorAlert';
import { LoadingState } from '../ui/LoadingState';
import type { SaveBackoff, SaverState } from './draft-saver';
import { clearResume, readDraft, removeExpiredProgress } from './draft-storage';
import { ResumePrompt, type ResumePromptProps } from './ResumePrompt';
import { forgetStoredProgress, readStoredProgress, type StoredProgress } from './stored-progress';
import { saveFailureText } from './save-failure';
import { ProblemTitle } from './ProblemTitle';
import { adoptStep, clearStep, readStep, writeStep } from './step-storage';
import { useDraftSaver } from './useDraftSaver';

/** How the viewer shows the form: filled in, or read-only (docs/spec.md, Screens and routes: `edit` or `view`). */
export type FormInstanceViewerMode = 'edit' | 'view';

/** The allowed modes (docs/spec.md, Validation rules). */
export const FORM_INSTANCE_VIEWER_MODES: readonly FormInstanceViewerMode[] = ['edit', 'view'];

/** The inner parts of the viewer that `classNames` / `styles` reach. */
export type FormInstanceViewerStylesNames =
  | 'root'
  | 'header'
  | 'title'
  | 'description'
  | 'saveStatus'
  | 'notice'
  | 'form'
  | 'confirmation';

/** Props of {@link FormInstanceViewer}. */
export interface FormInstanceViewerProps extends BoxProps, StylesApiProps<FormInstanceViewerFactory> {
  /** The form schema to show (the `{formSchemaId}` of `/form-instance/{formSchemaId}`). */
  formSchemaId: string;
  /**
   * `'edit'` fills the form in and saves as you go; `'view'` shows it read-only. Anything else shows an error naming
   * the allowed values.
   * @default 'view'
   */
  mode?: FormInstanceViewerMode;
  /**
   * The instance to show. Without it, edit mode starts a new instance on the first change (or continues the one this
   * browser started and has not submitted), and view mode shows the empty form.
   */
  formInstanceId?: string | null;
  /**
   * The link token of a `GetEditUrl` / `GetViewUrl` link. When given, the viewer's calls carry it as the bearer token
   * instead of the provider's; without it they carry the provider's (a signed-in user's) token, or none.
   */
  token?: string | null;
  /** Overrides of the viewer's texts (otherwise the `APIProvider` labels). */
  labels?: Partial<Labels>;
  /** Overrides of the form's own texts: buttons, error summary, validation messages. */
  formLabels?: Partial<FormLabels>;
  /**
   * The host's widget kinds, merged over the built-in ones (as `FormRenderer`'s `widgets`), in edit and view mode.
   * Pass a stable object (module level).
   */
  widgets?: Readonly<Record<string, FormWidget>>;
  /** Called after each successful draft save (status InProgress). */
  onSaved?: (instance: FormInstance) => void;
  /**
   * Called once the first save created the instance, with the link token the server handed out for it (if any): a
   * host may put `formInstanceId` (and the token) into its URL.
   */
  onInstanceCreated?: (instance: FormInstance, linkToken: string | null) => void;
  /** Called after a successful submit (status Submitted). */
  onSubmitted?: (instance: FormInstance) => void;
  /**
   * Starts the host's sign-in. When given, a form the visitor may not open ('You cannot open this form') or cannot find
   * ('Form not found': to an anonymous caller a version that is not public is not there, and signed in they may open
   * it) offers a 'Sign in' button; pass it only while nobody is signed in.
   */
  onSignIn?: () => void;
  /**
   * The heading level of the form's title: a host page that has its own `h1` passes 2 (or lower).
   * @default 1
   */
  titleOrder?: 1 | 2 | 3 | 4 | 5 | 6;
  /**
   * Whether the viewer shows the form's title (and description) at all; a host showing them itself passes false.
   * @default true
   */
  withTitle?: boolean;
  /**
   * Pause in typing before a draft save, in milliseconds.
   * @default 800
   */
  saveDelayMs?: number;
  /**
   * Automatic retries of a failed save: the first after `baseMs`, doubling each time, at most `maxMs`.
   * @default { baseMs: 1000, maxMs: 30000 }
   */
  retryBackoff?: SaveBackoff;
}

/** Mantine's factory type of {@link FormInstanceViewer}: its props, root element and part names, for the Styles API's typing. */
export type FormInstanceViewerFactory = Factory<{
  props: FormInstanceViewerProps;
  ref: HTMLDivElement;
  stylesNames: FormInstanceViewerStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-FormInstanceViewer-saveStatus` or use `classNames`.
const classes: Record<FormInstanceViewerStylesNames, string> = {
  root: 'ccq-FormInstanceViewer-root',
  header: 'ccq-FormInstanceViewer-header',
  title: 'ccq-FormInstanceViewer-title',
  description: 'ccq-FormInstanceViewer-description',
  saveStatus: 'ccq-FormInstanceViewer-saveStatus',
  notice: 'ccq-FormInstanceViewer-notice',
  form: 'ccq-FormInstanceViewer-form',
  confirmation: 'ccq-FormInstanceViewer-confirmation',
};

const defaultProps = {
  mode: 'view',
  titleOrder: 1,
  withTitle: true,
  saveDelayMs: 800,
  retryBackoff: { baseMs: 1000, maxMs: 30_000 },
} satisfies Partial<FormInstanceViewerProps>;

type GetStyles = (part: FormInstanceViewerStylesNames) => { className?: string; style?: CSSProperties };

/** What the inner parts share. */
interface Shared {
  labels: ViewerLabels;
  formLabels?: Partial<FormLabels>;
  widgets?: Readonly<Record<string, FormWidget>>;
  getStyles: GetStyles;
  onSaved?: (instance: FormInstance) => void;
  onInstanceCreated?: (instance: FormInstance, linkToken: string | null) => void;
  onSubmitted?: (instance: FormInstance) => void;
  onSignIn?: () => void;
  titleOrder: 1 | 2 | 3 | 4 | 5 | 6;
  withTitle: boolean;
  saveDelayMs: number;
  retryBackoff: SaveBackoff;
}

/**
 * The public form instance (docs/spec.md, Screens and routes): loads a form schema — and the instance a link names — and shows it filled in
 * (`edit`) or read-only (`view`). Edit mode saves a draft as you go and never loses input: every change is kept in the
 * browser until the server has it, a failed save says why and retries with backoff, a reload restores what was not
 * saved, and a stale version (412) is explained without dropping anything. Submit checks the form, saves it as
 * Submitted and confirms. Router-free; works inside an `APIProvider`.
 */
export const FormInstanceViewer = factory<FormInstanceViewerFactory>((_props) => {
  const props = useProps('FormInstanceViewer', defaultProps, _props);
  const {
    formSchemaId,
    mode,
    formInstanceId,
    token,
    labels: labelOverrides,
    formLabels,
    widgets,
    onSaved,
    onInstanceCreated,
    onSubmitted,
    onSignIn,
    titleOrder,
    withTitle,
    saveDelayMs,
    retryBackoff,
    classNames,
    className,
    style,
    styles,
    unstyled,
    vars,
    attributes,
    ...others
  } = props;
  const getStyles = useStyles<FormInstanceViewerFactory>({
    name: 'FormInstanceViewer',
    classes,
    props,
    className,
    style,
    classNames,
    styles,
    unstyled,
    vars,
    attributes,
  });
  const labels = useLabelGroup(viewerLabels, labelOverrides);
  const validMode = (FORM_INSTANCE_VIEWER_MODES as readonly unknown[]).includes(mode);
  const shared: Shared = {
    labels,
    formLabels,
    widgets,
    getStyles,
    onSaved,
    onInstanceCreated,
    onSubmitted,
    onSignIn,
    titleOrder,
    withTitle,
    saveDelayMs,
    retryBackoff,
  };

  return (
    <LabelsProvider labels={labels}>
      <Box {...getStyles('root')} data-mode={validMode ? mode : undefined} {...others}>
        {validMode ? (
          // A new schema, mode, instance or link is a new session: nothing of the previous one carries over.
          <ViewerSession
            key={`${formSchemaId}|${mode}|${formInstanceId ?? ''}|${token ?? ''}`}
            formSchemaId={formSchemaId}
            mode={mode}
            formInstanceId={formInstanceId ?? null}
            token={token ?? null}
            shared={shared}
          />
        ) : (
          <ErrorAlert
            title={<ProblemTitle text={labels.formModeInvalidTitle} order={titleOrder} />}
            message={fillLabel(labels.formModeInvalidMessage, { mode: String(mode) })}
          />
        )}
      </Box>
    </LabelsProvider>
  );
});

FormInstanceViewer.displayName = '@ccq/forms-admin/FormInstanceViewer';

interface SessionProps {
  formSchemaId: string;
  mode: FormInstanceViewerMode;
  formInstanceId: string | null;
  token: string | null;
  shared: Shared;
}

/**
 * Chooses the instance (named, or the one this browser started) and who the calls are made as. What this browser holds
 * of a form started on the public URL is continued only once the visitor says so: on a shared device it may be someone
 * else's ('Start again' removes it).
 */
function ViewerSession({ formSchemaId, mode, formInstanceId, token, shared }: SessionProps) {
  const api = useFormViewerApi();
  const [progress, setProgress] = useState(() => {
    removeExpiredProgress();
    return mode === 'edit' && formInstanceId === null ? readStoredProgress(formSchemaId) : null;
  });
  const [asking, setAsking] = useState(progress !== null);
  const [generation, setGeneration] = useState(0);
  const resume = progress?.formInstanceId ? progress : null;
  const instanceId = formInstanceId ?? resume?.formInstanceId ?? null;
  const linkToken = token ?? resume?.linkToken ?? null;
  const onResumeFailed = useCallback(() => {
    // The instance this browser started is gone or out of reach: start afresh.
    clearResume(formSchemaId);
    setProgress(null);
    setAsking(false);
  }, [formSchemaId]);
  const resumePrompt = asking
    ? {
        progress: progress as StoredProgress,
        onContinue: () => setAsking(false),
        onStartAgain: () => {
          forgetStoredProgress(formSchemaId, progress);
          setProgress(null);
          setAsking(false);
          setGeneration((g) => g + 1);
        },
      }
    : null;
  const content = (
    <ViewerLoader
      key={generation}
      formSchemaId={formSchemaId}
      mode={mode}
      instanceId={instanceId}
      linkToken={linkToken}
      resumed={resume !== null && formInstanceId === null}
      onResumeFailed={onResumeFailed}
      resumePrompt={resumePrompt}
      shared={shared}
    />
  );
  if (!linkToken) return content;
  // The link token is the bearer of every read; the provider's labels and cache stay.
  return (
    <APIProvider baseUrl={api.baseUrl} queryClient={api.queryClient} labels={api.labelOverrides} getAccessToken={() => linkToken}>
      {content}
    </APIProvider>
  );
}

type LoadProblem = 'notFound' | 'instanceNotFound' | 'linkInvalid' | 'accessDenied' | 'failed';

function classify(error: unknown, hasToken: boolean): LoadProblem {
  if (error instanceof FormNotFoundError) return error.entity === 'formschema' ? 'notFound' : 'instanceNotFound';
  if (isApiError(error)) {
    if (error.status === 404) return 'notFound';
    if (error.status === 401) return hasToken ? 'linkInvalid' : 'accessDenied';
    if (error.status === 403) return 'accessDenied';
  }
  return 'failed';
}

interface LoaderProps {
  formSchemaId: string;
  mode: FormInstanceViewerMode;
  instanceId: string | null;
  linkToken: string | null;
  resumed: boolean;
  onResumeFailed: () => void;
  /** Set while the visitor is asked whether to continue what this device holds. */
  resumePrompt: Omit<ResumePromptProps, 'layout' | 'data' | 'labels' | 'titleOrder'> | null;
  shared: Shared;
}

/** Loads the schema and the instance, and shows loading, not-found, link and error states. */
function ViewerLoader({ formSchemaId, mode, instanceId, linkToken, resumed, onResumeFailed, resumePrompt, shared }: LoaderProps) {
  const { client } = useFormViewerApi();
  const { labels } = shared;
  const caller = linkToken ?? 'session';
  const schemaQuery = useQuery(formViewerQueries.schema(client, formSchemaId, caller));
  const instanceQuery = useQuery({
    ...formViewerQueries.instance(client, instanceId ?? '', caller),
    enabled: instanceId !== null,
  });
  // An edit link opened with a link token: what the link lets its holder do (a view link is shown read-only).
  const linkModeQuery = useQuery({
    ...formLinkModeQueries.mode(client, instanceId ?? '', caller),
    enabled: mode === 'edit' && linkToken !== null && instanceId !== null && !resumed,
  });
  const viewLink = mode === 'edit' && linkModeQuery.data === 'view';
  const instanceError = instanceId !== null ? instanceQuery.error : null;
  const error = schemaQuery.error ?? instanceError;
  const problem = error ? classify(error, linkToken !== null) : null;

  const resumeFailed = resumed && instanceError !== null && classify(instanceError, true) !== 'failed';
  useEffect(() => {
    if (resumeFailed) onResumeFailed();
  }, [resumeFailed, onResumeFailed]);

  const schema = schemaQuery.data;
  const instance = instanceId !== null ? instanceQuery.data : undefined;
  const loaded = schema !== undefined && (instanceId === null || instance !== undefined) && !linkModeQuery.isLoading;
  // A failed refetch never replaces a form that is on screen (and maybe being filled in).
  if (problem && !resumeFailed && !loaded) {
    return <LoadProblemAlert problem={problem} error={error} labels={labels} onSignIn={shared.onSignIn} titleOrder={shared.titleOrder} onRetry={() => {
      if (schemaQuery.error) void schemaQuery.refetch();
      if (instanceError) void instanceQuery.refetch();
    }} retrying={schemaQuery.isFetching || instanceQuery.isFetching} />;
  }
  if (!loaded) return <LoadingState labels={{ label: labels.formLoading }} />;
  if (resumePrompt && !resumeFailed) {
    return (
      <Stack gap="lg">
        <Header schema={schema} getStyles={shared.getStyles} titleOrder={shared.titleOrder} withTitle={shared.withTitle} />
        <ResumePrompt
          {...resumePrompt}
          layout={schema.layout}
          data={resumePrompt.progress.draft?.data ?? instance?.data ?? {}}
          labels={labels}
          titleOrder={shared.withTitle ? (Math.min(6, shared.titleOrder + 1) as ResumePromptProps['titleOrder']) : shared.titleOrder}
        />
      </Stack>
    );
  }
  return <LoadedViewer schema={schema} instance={instance ?? null} mode={viewLink ? 'view' : mode} viewLink={viewLink} linkToken={linkToken} shared={shared} />;
}

function LoadProblemAlert(props: {
  problem: LoadProblem;
  error: unknown;
  labels: ViewerLabels;
  onSignIn?: () => void;
  onRetry: () => void;
  retrying: boolean;
  titleOrder: 1 | 2 | 3 | 4 | 5 | 6;
}) {
  const { problem, error, labels, onSignIn, onRetry, retrying, titleOrder } = props;
  const heading = (text: string) => <ProblemTitle text={text} order={titleOrder} />;
  // The two alerts signing in may solve ('Form not found', 'You cannot open this form') each write theirs out: one
  // helper building both alerts made the embedded viewer 10–14 bytes larger, gzipped (tests/viewer/embed-size).
  const signIn = onSignIn ? (
    <Box mt="sm">
      <Button size="sm" onClick={onSignIn}>
        {labels.formSignIn}
      </Button>
    </Box>
  ) : null;
  switch (problem) {
    case 'notFound':
      return (
        <ErrorAlert
          title={heading(labels.formNotFoundTitle)}
          message={
            <>
              {labels.formNotFoundMessage}
              {signIn}
            </>
          }
        />
      );
    case 'instanceNotFound':
      return <ErrorAlert title={heading(labels.formNotFoundTitle)} message={labels.formInstanceNotFoundMessage} />;
    case 'linkInvalid':
      return <ErrorAlert title={heading(labels.formLinkInvalidTitle)} message={labels.formLinkInvalidMessage} />;
    case 'accessDenied':
      return (
        <ErrorAlert
          title={heading(labels.formAccessDeniedTitle)}
          message={
            <>
              {labels.formAccessDeniedMessage}
              {signIn}
            </>
          }
        />
      );
    default:
      return <ErrorAlert title={heading(labels.formLoadFailedTitle)} error={error} onRetry={onRetry} retrying={retrying} />;
  }
}

interface LoadedProps {
  schema: FormSchema;
  instance: FormInstance | null;
  mode: FormInstanceViewerMode;
  /** A view link opened in edit mode: shown read-only, saying why. */
  viewLink?: boolean;
  linkToken: string | null;
  shared: Shared;
}

const isClosed = (instance: FormInstance | null) =>
  instance !== null && (instance.status === FormInstanceStatus.Submitted || instance.status === FormInstanceStatus.Completed);

/** The loaded form: read-only, or the edit session. */
function LoadedViewer({ schema, instance, mode, viewLink = false, linkToken, shared }: LoadedProps) {
  const engine = useFormEngine(schema, { initialData: instance?.data, labels: shared.formLabels, widgets: shared.widgets });
  // Answers out for signature or signed are locked: shown read-only, saying why, before anyone types.
  const signing = instance !== null && isLockedBySigning(instance) ? instance.envelopeStatus : null;
  const closed = isClosed(instance) || signing !== null;
  if (mode === 'edit' && !closed) {
    return <EditSession schema={schema} instance={instance} engine={engine} linkToken={linkToken} shared={shared} />;
  }
  const { getStyles, labels } = shared;
  return (
    <Stack gap="lg">
      <Header schema={schema} getStyles={getStyles} titleOrder={shared.titleOrder} withTitle={shared.withTitle} />
      {viewLink ? (
        <Alert variant="light" title={labels.formViewLinkTitle} {...getStyles('notice')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          {labels.formViewLinkMessage}
        </Alert>
      ) : null}
      {mode === 'edit' && closed ? (
        <Alert variant="light" {...getStyles('notice')}>
          {signing === null ? labels.formAlreadySubmitted : signing === EnvelopeStatus.Completed ? labels.formSignedLocked : labels.formSigningLocked}
        </Alert>
      ) : null}
      <Box {...getStyles('form')}>
        <FormRenderer schema={schema} engine={engine} mode="view" labels={shared.formLabels} widgets={shared.widgets} documentTitle={formTitle(schema, labels)} />
      </Box>
    </Stack>
  );
}

/** The form's name as visitors see it (never the schema's internal name): the heading and the browser tab's title. */
function formTitle(schema: FormSchema, labels: ViewerLabels): string {
  return schema.form?.name?.trim() || labels.formUntitled;
}

function Header({ titleOrder, withTitle, ...props }: HeaderProps & { withTitle: boolean }) {
  // A host that shows the title itself keeps the save status.
  if (!withTitle) return props.children ? <Group justify="flex-end" {...props.getStyles('header')}>{props.children}</Group> : null;
  return <TitledHeader {...props} titleOrder={titleOrder} />;
}

interface HeaderProps {
  schema: FormSchema;
  getStyles: GetStyles;
  /** The heading level of the title. */
  titleOrder: Shared['titleOrder'];
  children?: ReactNode;
}

/**
 * The header with the form's name (at the level the host asked for) and description: a visitor never sees the
 * schema's name, which is internal and often carries a version ('Contact Details v1'); without a readable form name
 * the title is the generic label.
 */
function TitledHeader({ schema, getStyles, titleOrder, children }: HeaderProps) {
  const labels = useLabelGroup(viewerLabels);
  const description = schema.form?.description?.trim();
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" {...getStyles('header')}>
        <Title order={titleOrder} fz="h2" {...getStyles('title')}>
          {formTitle(schema, labels)}
        </Title>
        {children}
      </Group>
      {description ? <Text {...getStyles('description')}>{description}</Text> : null}
    </Stack>
  );
}

interface EditProps {
  schema: FormSchema;
  instance: FormInstance | null;
  engine: FormEngine;
  linkToken: string | null;
  shared: Shared;
}

/** Edit mode: autosave, save status, failure and stale notices, submit and its confirmation. */
function EditSession({ schema, instance, engine, linkToken, shared }: EditProps) {
  const { labels, getStyles } = shared;
  const { client } = useFormViewerApi();
  const queryClient = useQueryClient();
  const { saver, state, now } = useDraftSaver({
    formSchemaId: schema.formSchemaId,
    formId: schema.formId,
    formInstanceId: instance?.formInstanceId ?? null,
    // The version the instance was read at: even the first save is checked against it.
    version: etagOfRow(instance),
    linkToken,
    debounceMs: shared.saveDelayMs,
    backoff: shared.retryBackoff,
    onSaved: shared.onSaved,
    onCreated: (created, token) => {
      if (token) createdToken.current = token;
      shared.onInstanceCreated?.(created, token);
    },
    onSubmitted: shared.onSubmitted,
  });
  const createdToken = useRef<string | null>(null);
  // A file upload question stores its file for this instance (saved first when it is new), with its edit link; the
  // upload code is loaded the first time a file is attached. A submit waits for the uploads under way (FormRenderer).
  const uploadFile = useCallback(
    (file: File, fieldId: string, signal: AbortSignal): Promise<FileReference> =>
      import('./file-upload').then(({ uploadInstanceFile }) =>
        uploadInstanceFile({ saver, data: engine.getData(), client, token: () => linkToken ?? createdToken.current }, file, fieldId, signal),
      ),
    [saver, engine, client, linkToken],
  );
  const [restored, setRestored] = useState(false);
  const [loadSavedError, setLoadSavedError] = useState<unknown>(null);
  const restoreChecked = useRef(false);

  useEffect(() => {
    const unsubscribe = engine.subscribeChanges((data) => saver.change(data));
    if (!restoreChecked.current) {
      restoreChecked.current = true;
      // Answers typed on an earlier visit and never saved: put them back (which also saves them).
      const draft = readDraft(schema.formSchemaId, instance?.formInstanceId ?? null);
      if (draft) {
        engine.setData(draft.data);
        setRestored(true);
      }
    }
    return unsubscribe;
  }, [engine, saver, schema.formSchemaId, instance]);

  useEffect(() => {
    // Leaving with unsaved changes: the browser asks first (they are also kept in storage).
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges()) return;
      event.preventDefault();
      event.returnValue = labels.formLeaveUnsaved;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [saver, labels.formLeaveUnsaved]);

  // A page changed before the first save created the instance was kept as the new form's: it moves to the instance.
  useEffect(() => {
    if (!instance && state.formInstanceId) adoptStep(schema.formSchemaId, state.formInstanceId);
  }, [instance, state.formInstanceId, schema.formSchemaId]);

  const confirmation = useRef<HTMLHeadingElement>(null);
  const submitted = state.status === 'submitted';
  useEffect(() => {
    if (submitted) confirmation.current?.focus();
  }, [submitted]);

  const submitAgain = () => {
    const result = engine.submit();
    if (result.valid) void saver.submit(result.data);
  };

  const loadSaved = async () => {
    const id = state.formInstanceId;
    if (!id) return;
    setLoadSavedError(null);
    try {
      const fresh = await queryClient.fetchQuery({ ...formViewerQueries.instance(client, id, linkToken ?? 'session'), staleTime: 0 });
      engine.setData(fresh.data, { asInitial: true });
      saver.resetTo(fresh, engine.getData());
    } catch (error) {
      setLoadSavedError(error);
    }
  };

  if (submitted) {
    return (
      <Stack gap="lg">
        <Header schema={schema} getStyles={getStyles} titleOrder={shared.titleOrder} withTitle={shared.withTitle} />
        <Alert color="green" variant="light" {...getStyles('confirmation')}>
          <Title order={2} fz="h4" ref={confirmation} tabIndex={-1}>
            {labels.formSubmittedTitle}
          </Title>
          <Text mt={4}>{labels.formSubmittedMessage}</Text>
        </Alert>
        <Box {...getStyles('form')}>
          <FormRenderer schema={schema} engine={engine} mode="view" labels={shared.formLabels} widgets={shared.widgets} documentTitle={formTitle(schema, labels)} />
        </Box>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Header schema={schema} getStyles={getStyles} titleOrder={shared.titleOrder} withTitle={shared.withTitle}>
        <SaveStatusText state={state} now={now} labels={labels} getStyles={getStyles} />
      </Header>
      {restored ? (
        <Alert variant="light" withCloseButton onClose={() => setRestored(false)} {...getStyles('notice')}>
          {labels.formDraftRestored}
        </Alert>
      ) : null}
      {state.status === 'stale' ? (
        // Mantine's yellow title and button text fail AA contrast: the title in body colour, the button in the primary colour.
        <Alert color="yellow" variant="light" title={labels.formStaleTitle} {...getStyles('notice')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <Text size="sm">{labels.formStaleMessage}</Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" onClick={() => saver.overwrite()}>
              {labels.formSaveMine}
            </Button>
            {state.formInstanceId ? (
              <Button size="xs" variant="default" onClick={() => void loadSaved()}>
                {labels.formLoadSaved}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      {loadSavedError ? <ErrorAlert title={labels.formLoadFailedTitle} error={loadSavedError} /> : null}
      {state.status === 'retrying' || state.status === 'failed' ? (
        <SaveFailure state={state} labels={labels} onRetry={state.failedAction === 'submit' ? submitAgain : () => saver.retryNow()} />
      ) : null}
      <Box {...getStyles('form')}>
        <FormRenderer
          schema={schema}
          engine={engine}
          mode="edit"
          labels={shared.formLabels}
          widgets={shared.widgets}
          uploadFile={uploadFile}
          documentTitle={formTitle(schema, labels)}
          // The step survives a reload (this tab only), under the instance the page was opened with.
          initialPage={readStep(schema.formSchemaId, instance?.formInstanceId ?? null)}
          onPageChange={(page) => writeStep(schema.formSchemaId, instance?.formInstanceId ?? saver.getState().formInstanceId, page)}
          onSubmit={async (data) => {
            if (await saver.submit(data)) clearStep(schema.formSchemaId, saver.getState().formInstanceId);
            else showServerErrors(engine, saver.getState().error);
          }}
        />
      </Box>
    </Stack>
  );
}

/** A refused submit's per-field problems (400 `{ errors: [{ path, message }] }`) shown at their fields. */
function showServerErrors(engine: FormEngine, error: unknown): void {
  if (!isApiError(error) || error.status !== 400) return;
  const errors = (error.result as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return;
  const valid = errors.filter(
    (e): e is { path: string; message: string } =>
      typeof e === 'object' && e !== null && typeof (e as { path?: unknown }).path === 'string' && typeof (e as { message?: unknown }).message === 'string',
  );
  if (valid.length > 0) engine.setExternalErrors(valid.map(({ path, message }) => ({ path, message })));
}

function secondsLeft(state: SaverState, now: number): number {
  return Math.max(1, Math.ceil(((state.retryAt ?? now) - now) / 1000));
}

/** The save status: a polite live region beside the title. */
function SaveStatusText({ state, now, labels, getStyles }: { state: SaverState; now: number; labels: ViewerLabels; getStyles: GetStyles }) {
  const text: Record<SaverState['status'], string> = {
    idle: '',
    pending: labels.formUnsavedChanges,
    saving: labels.formSaving,
    saved: labels.formAllSaved,
    retrying: fillLabel(labels.formSaveRetrying, { seconds: secondsLeft(state, now) }),
    failed: labels.formSaveFailed,
    stale: labels.formSaveFailed,
    submitting: labels.formSaving,
    submitted: labels.formAllSaved,
  };
  const failed = state.status === 'retrying' || state.status === 'failed' || state.status === 'stale';
  return (
    <Text
      role="status"
      aria-label={labels.formSaveStatusLabel}
      size="sm"
      // Mantine's dimmed grey and red.6 fail AA contrast at this size: body text colour, or a red dark (light) / light (dark) enough.
      c={failed ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' : 'var(--mantine-color-text)'}
      data-save-status={state.status}
      {...getStyles('saveStatus')}
    >
      {text[state.status]}
    </Text>
  );
}

/**
 * What failed and that everything typed is kept; a failure that may pass by itself offers 'Retry now', a refusal says
 * what the person can do instead (`saveFailureText`).
 */
function SaveFailure({ state, labels, onRetry }: { state: SaverState; labels: ViewerLabels; onRetry: () => void }) {
  const { message, details, retry } = saveFailureText(state.error, labels);
  const submit = state.failedAction === 'submit';
  return (
    <ErrorAlert
      title={submit ? labels.formSubmitFailedTitle : labels.formSaveFailedTitle}
      message={message}
      details={details}
      onRetry={retry ? onRetry : undefined}
      labels={{ retry: submit ? labels.tryAgain : labels.formRetryNow }}
    />
  );
}

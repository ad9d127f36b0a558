import {
  Alert,
  Badge,
  Box,
  Button,
  FileInput,
  Grid,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import type { PdfField } from '../../api/types';
import { describeError } from '../../query/describe-error';
import { fillLabel, type Labels } from '../../query/labels';
import { LabelsProvider } from '../../query/useLabels';
import { LoadingState } from '../../ui/LoadingState';
import { PageShell } from '../../ui/PageShell';
import { usePdfFormImport, type PdfFormImportController, type PdfFormImportOptions } from './usePdfFormImport';

// pdf.js and the page drawing load only when pages are first shown: no other screen pays for them.
const PdfPages = lazy(() => import('./PdfPages'));

/** The inner parts of the PDF import that `classNames` / `styles` reach. */
export type PdfFormImportStylesNames = 'root' | 'dropzone' | 'fields' | 'field' | 'pages' | 'page' | 'outline' | 'actions';

/** Props of {@link PdfFormImportView}. */
export interface PdfFormImportViewProps extends BoxProps, StylesApiProps<PdfFormImportViewFactory> {
  /** What {@link usePdfFormImport} returned. */
  controller: PdfFormImportController;
  /** 'Open in builder': the generated form is created first, then this is called with its id. */
  onOpenInBuilder(formId: string): void;
  /** 'Link fields to data': the generated form is created first, then this is called with its first version's id. */
  onOpenLinking?: (formSchemaId: string) => void;
  /** 'Build a form yourself', offered when a PDF has no fillable fields. Left out without it. */
  onBuildForm?: () => void;
  /**
   * The URL of pdf.js's worker as the host's build emits it (Vite:
   * `import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url'`). Without it the pages are read on the
   * page's own thread.
   */
  pdfWorkerSrc?: string;
  /** The upload size limit shown to the user, in bytes. @default 10 MiB */
  maxFileBytes?: number;
}

export type PdfFormImportViewFactory = Factory<{
  props: PdfFormImportViewProps;
  ref: HTMLElement;
  stylesNames: PdfFormImportStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-PdfFormImport-outline` or use `classNames`.
const classes: Record<PdfFormImportStylesNames, string> = {
  root: 'ccq-PdfFormImport-root',
  dropzone: 'ccq-PdfFormImport-dropzone',
  fields: 'ccq-PdfFormImport-fields',
  field: 'ccq-PdfFormImport-field',
  pages: 'ccq-PdfFormImport-pages',
  page: 'ccq-PdfFormImport-page',
  outline: 'ccq-PdfFormImport-outline',
  actions: 'ccq-PdfFormImport-actions',
};

const defaultMaxBytes = 10 * 1024 * 1024;

function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Words for a PDF field's type. */
export function pdfFieldTypeLabel(field: PdfField, labels: Labels): string {
  if (field.type === 'text' && field.multiline) return labels.piFieldType_multiline;
  const key = `piFieldType_${field.type}` as keyof Labels;
  return labels[key] ?? field.type;
}

function firstPdf(files: FileList | null | undefined): File | null {
  if (!files || files.length === 0) return null;
  return files[0] ?? null;
}

/** Renders a {@link usePdfFormImport} controller. It renders only; the controller uploads and saves. */
export const PdfFormImportView = factory<PdfFormImportViewFactory>((_props) => {
  const props = useProps('PdfFormImport', null, _props);
  const {
    controller: c,
    onOpenInBuilder,
    onOpenLinking,
    onBuildForm,
    pdfWorkerSrc,
    maxFileBytes = defaultMaxBytes,
    classNames,
    className,
    style,
    styles,
    unstyled,
    vars,
    attributes,
    ...others
  } = props;
  const getStyles = useStyles<PdfFormImportViewFactory>({
    name: 'PdfFormImport',
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
  const { labels } = c;
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const listItems = useRef(new Map<string, HTMLButtonElement>());

  // A field chosen on a page scrolls the list to it.
  useEffect(() => {
    if (c.selected === null) return;
    const item = listItems.current.get(c.selected);
    if (item && typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' });
  }, [c.selected]);

  const layoutLabels = new Map<string, string>();
  for (const page of c.generated?.formSchema.layout.pages ?? [])
    for (const section of page.sections) for (const field of section.fields) if (field.pdfFieldName) layoutLabels.set(field.pdfFieldName, field.label);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!c.canImport || c.status === 'uploading') return;
    const file = firstPdf(event.dataTransfer?.files);
    if (file) c.choose(file);
  };

  const go = async (then: (ids: { formId: string; formSchemaId: string }) => void) => {
    const ids = await c.create();
    if (ids) then(ids);
  };

  const chooser = (
    <Paper
      withBorder
      p="lg"
      data-dragging={dragging || undefined}
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      {...getStyles('dropzone')}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-default-border)',
        ...getStyles('dropzone').style,
      }}
    >
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{dragging ? labels.piDropActive : labels.piDropHere}</Text>
        <Text size="sm">{fillLabel(labels.piDropHint, { size: sizeText(maxFileBytes) })}</Text>
        <FileInput
          label={labels.piChooseFile}
          accept="application/pdf,.pdf"
          value={c.file}
          onChange={(file) => c.choose(file)}
          disabled={!c.canImport || c.status === 'uploading'}
          w={320}
          maw="100%"
          clearable={false}
        />
      </Stack>
    </Paper>
  );

  const body = () => {
    if (c.accessLoading) return <LoadingState />;
    if (!c.canImport) return <Alert color="yellow">{labels.piNoClaim}</Alert>;
    if (c.status === 'idle') return chooser;
    if (c.status === 'uploading') {
      return (
        <Paper withBorder p="lg">
          <Stack gap="sm" role="status" aria-live="polite">
            <Text>{fillLabel(labels.piUploading, { name: c.file?.name ?? '' })}</Text>
            <Progress value={100} animated striped aria-label={fillLabel(labels.piUploading, { name: c.file?.name ?? '' })} />
            <Group>
              <Button variant="default" onClick={c.cancel}>
                {labels.piCancel}
              </Button>
            </Group>
          </Stack>
        </Paper>
      );
    }
    if (c.status === 'failed' && c.error) {
      return (
        <Stack gap="md">
          <Alert color="red" role="alert" title={c.file?.name}>
            <Stack gap={4}>
              <Text>{c.error.message}</Text>
              {c.error.detail && <Text size="sm">{c.error.detail}</Text>}
            </Stack>
          </Alert>
          <Group>
            <Button variant="default" onClick={c.reset}>
              {labels.piTryAnother}
            </Button>
            {c.error.offerBuilder && onBuildForm && <Button onClick={onBuildForm}>{labels.piBuildInstead}</Button>}
          </Group>
        </Stack>
      );
    }
    const fields = c.fields;
    const fieldsHeading = `${id}-fields`;
    return (
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" gap="md" {...getStyles('actions')}>
          <TextInput
            label={labels.piFormName}
            value={c.name}
            onChange={(event) => c.setName(event.currentTarget.value)}
            w={360}
            maw="100%"
            disabled={c.creating}
          />
          <Group gap="sm">
            <Button variant="default" onClick={c.reset} disabled={c.creating}>
              {labels.piTryAnother}
            </Button>
            {onOpenLinking && (
              <Button variant="default" loading={c.creating} onClick={() => void go((ids) => onOpenLinking(ids.formSchemaId))}>
                {labels.piOpenLinking}
              </Button>
            )}
            <Button loading={c.creating} onClick={() => void go((ids) => onOpenInBuilder(ids.formId))}>
              {labels.piOpenInBuilder}
            </Button>
          </Group>
        </Group>
        {c.createError != null && (
          <Alert color="red" role="alert" title={labels.piSaveFailed}>
            {describeError(c.createError, labels).message}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" component="section" aria-labelledby={fieldsHeading} {...getStyles('fields')}>
              <Title order={2} size="h4" id={fieldsHeading}>
                {fillLabel(labels.piFieldsTitle, { count: fields.length })}
              </Title>
              <Text size="sm">{labels.piFieldsCaption}</Text>
              <ScrollArea.Autosize mah={640} type="auto" offsetScrollbars>
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {fields.map((field, index) => {
                    const isSelected = field.name === c.selected;
                    const label = layoutLabels.get(field.name);
                    const fieldStyles = getStyles('field');
                    return (
                      <li key={`${field.name}-${index}`}>
                        <UnstyledButton
                          ref={(element: HTMLButtonElement | null) => {
                            if (element) listItems.current.set(field.name, element);
                            else listItems.current.delete(field.name);
                          }}
                          aria-pressed={isSelected}
                          data-selected={isSelected || undefined}
                          onClick={() => c.select(isSelected ? null : field.name)}
                          className={fieldStyles.className}
                          style={{
                            display: 'block',
                            width: '100%',
                            padding: '6px 10px',
                            borderRadius: 4,
                            border: isSelected ? '2px solid var(--mantine-color-pink-9)' : '1px solid var(--mantine-color-default-border)',
                            background: isSelected ? 'var(--mantine-color-default-hover)' : undefined,
                            ...fieldStyles.style,
                          }}
                        >
                          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {label ?? field.name}
                          </Text>
                          {label && label !== field.name && (
                            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                              {field.name}
                            </Text>
                          )}
                          <Group gap={6} mt={4}>
                            <Badge variant="default" size="sm">
                              {pdfFieldTypeLabel(field, labels)}
                            </Badge>
                            <Badge variant="default" size="sm">
                              {fillLabel(labels.piFieldPage, { page: field.page + 1 })}
                            </Badge>
                            {field.required && (
                              <Badge variant="filled" color="blue.9" size="sm">
                                {labels.piFieldRequired}
                              </Badge>
                            )}
                          </Group>
                        </UnstyledButton>
                      </li>
                    );
                  })}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xs" component="section" aria-labelledby={`${id}-pages`} {...getStyles('pages')}>
              <Title order={2} size="h4" id={`${id}-pages`}>
                {labels.piPagesTitle}
              </Title>
              {c.bytes ? (
                <Suspense fallback={<LoadingState />}>
                  <PdfPages
                    data={c.bytes}
                    fields={fields}
                    selected={c.selected}
                    onSelect={(name) => c.select(name)}
                    labels={labels}
                    typeLabel={(field) => pdfFieldTypeLabel(field, labels)}
                    workerSrc={pdfWorkerSrc}
                    pageProps={getStyles('page')}
                    outlineProps={getStyles('outline')}
                  />
                </Suspense>
              ) : (
                <LoadingState />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    );
  };

  return (
    <LabelsProvider labels={labels}>
      <PageShell title={labels.piTitle} subtitle={labels.piSubtitle} {...getStyles('root')} {...others}>
        <Box>{body()}</Box>
      </PageShell>
    </LabelsProvider>
  );
});

PdfFormImportView.displayName = '@ccq/forms-admin/PdfFormImportView';

/** Props of {@link PdfFormImport}. */
export interface PdfFormImportProps extends PdfFormImportOptions, Omit<PdfFormImportViewProps, 'controller'> {}

export type PdfFormImportFactory = Factory<{
  props: PdfFormImportProps;
  ref: HTMLElement;
  stylesNames: PdfFormImportStylesNames;
}>;

/**
 * The PDF import: choose or drop a fillable PDF, see the form the server generates from it (its fields listed, every
 * page drawn with each field outlined; choosing a field in the list or on a page selects it in both), name it, and
 * open it in the builder or link its fields to application data. The form is created only then.
 * {@link usePdfFormImport} rendered by {@link PdfFormImportView}; works on its own inside an `APIProvider`. Needs the
 * claims FormGenerator_UploadPdf and CreateForm and the form and form schema create claims.
 */
export const PdfFormImport = factory<PdfFormImportFactory>((_props) => {
  const props = useProps('PdfFormImport', null, _props);
  const { onCreated, labels, ...viewProps } = props;
  const controller = usePdfFormImport({ onCreated, labels });
  return <PdfFormImportView controller={controller} {...viewProps} />;
});

PdfFormImport.displayName = '@ccq/forms-admin/PdfFormImport';

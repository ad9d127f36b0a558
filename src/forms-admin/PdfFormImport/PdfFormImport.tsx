import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  factory,
  useProps,
  useMantineTheme,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { PdfField } from '../../api/types';
import { PDF_UPLOAD_LIMITS } from '../../domain/pdf/limits';
import { allFields } from '../../engine/layout-walk';
import { describeError } from '../../query/describe-error';
import { fillLabel, type Labels } from '../../query/labels';
import { LabelsProvider } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { fillNumbers } from '../../labels/format';
import { LoadingState } from '../../ui/LoadingState';
import { PageShell } from '../../ui/PageShell';
import { PdfCleanupNotice } from './PdfCleanupNotice';
import { PdfDropZone } from './PdfDropZone';
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
  /** The upload size limit, in bytes: shown to the user, and a larger file is refused before it is sent. @default 10 MiB */
  maxFileBytes?: number;
}

/** Mantine's factory type of {@link PdfFormImportView}: its props, root element and part names, for the Styles API's typing. */
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

const defaultMaxBytes = PDF_UPLOAD_LIMITS.maxBytes;

/** Words for a PDF field's type. */
export function pdfFieldTypeLabel(field: PdfField, labels: Labels): string {
  if (field.type === 'text' && field.multiline) return labels.piFieldType_multiline;
  const key = `piFieldType_${field.type}` as keyof Labels;
  return labels[key] ?? field.type;
}

/** Renders a {@link usePdfFormImport} controller. It renders only; the controller uploads and saves. */
export const PdfFormImportView = factory<PdfFormImportViewFactory>((_props) => {
  const props = useProps('PdfFormImport', null, _props);
  const locale = useLocale();
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
  // The theme's primary colour in its darkest shade: white text on it stays readable whatever the host's colour.
  const requiredBadgeColor = `${useMantineTheme().primaryColor}.9`;
  const id = useId();
  const listItems = useRef(new Map<string, HTMLButtonElement>());

  // A field chosen on a page scrolls the list to it.
  useEffect(() => {
    if (c.selected === null) return;
    const item = listItems.current.get(c.selected);
    if (item && typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' });
  }, [c.selected]);

  const layoutLabels = new Map<string, string>();
  const layout = c.generated?.formSchema.layout;
  if (layout) for (const field of allFields(layout)) if (field.pdfFieldName) layoutLabels.set(field.pdfFieldName, field.label);

  const go = async (then: (ids: { formId: string; formSchemaId: string }) => void) => {
    const ids = await c.create();
    if (ids) then(ids);
  };

  const body = () => {
    if (c.accessLoading) return <LoadingState />;
    if (!c.canImport) return <Alert color="yellow">{labels.piNoClaim}</Alert>;
    if (c.status === 'idle' || c.status === 'uploading' || c.status === 'failed') {
      return (
        <PdfDropZone
          labels={labels}
          file={c.file}
          uploading={c.status === 'uploading'}
          error={c.status === 'failed' ? c.error : null}
          maxFileBytes={maxFileBytes}
          onChoose={(file) => c.choose(file)}
          onCancel={c.cancel}
          onBuildForm={onBuildForm}
          zoneProps={getStyles('dropzone')}
        />
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
        <PdfCleanupNotice cleanup={c.generated?.cleanup} labels={labels} fieldLabel={(name) => layoutLabels.get(name) ?? name} />
        {c.createError != null && (
          <Alert color="red" role="alert" title={labels.piSaveFailed}>
            {describeError(c.createError, labels).message}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" component="section" aria-labelledby={fieldsHeading} {...getStyles('fields')}>
              <Title order={2} size="h4" id={fieldsHeading}>
                {fillNumbers(labels.piFieldsTitle, { count: fields.length }, locale)}
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
                              <Badge variant="filled" color={requiredBadgeColor} size="sm">
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

/** Props of {@link PdfFormImport}: the options of {@link usePdfFormImport} and the props of {@link PdfFormImportView} but its controller. */
export interface PdfFormImportProps extends PdfFormImportOptions, Omit<PdfFormImportViewProps, 'controller'> {}

/** Mantine's factory type of {@link PdfFormImport}: its props, root element and part names, for the Styles API's typing. */
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
  const controller = usePdfFormImport({ onCreated, labels, maxFileBytes: viewProps.maxFileBytes });
  return <PdfFormImportView controller={controller} {...viewProps} />;
});

PdfFormImport.displayName = '@ccq/forms-admin/PdfFormImport';

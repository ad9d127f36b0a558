import {
  Alert,
  Box,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
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
import { useId } from '@mantine/hooks';
import type { FormSchema } from '../../api/types';
import { FormRenderer, useFormEngine, type FormRendererProps } from '../../forms/FormRenderer';
import type { FormLabels } from '../../forms/labels';
import { fillLabel } from '../../query/labels';
import { LabelsProvider } from '../../query/useLabels';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { PageShell } from '../../ui/PageShell';
import {
  FORM_PREVIEW_PHONE_WIDTH,
  useFormPreview,
  type FormPreviewController,
  type FormPreviewMode,
  type FormPreviewOptions,
  type FormPreviewWidth,
} from './useFormPreview';

/** The inner parts of the form preview that `classNames` / `styles` reach. */
export type FormPreviewStylesNames = 'root' | 'controls' | 'frame';

/** Props of {@link FormPreviewView}. */
export interface FormPreviewViewProps extends BoxProps, StylesApiProps<FormPreviewViewFactory> {
  /** What {@link useFormPreview} returned. */
  controller: FormPreviewController;
  /**
   * The host's widget kinds, merged over the built-in ones, as the host gives them to its public form
   * (`FormInstanceViewer`'s `widgets`): the preview must show what visitors see. Pass a stable object.
   */
  widgets?: FormRendererProps['widgets'];
  /** Overrides of the renderer's texts, as the host gives them to its public form (`formLabels`). */
  formLabels?: Partial<FormLabels>;
}

/** Mantine's factory type of {@link FormPreviewView}: its props, root element and part names, for the Styles API's typing. */
export type FormPreviewViewFactory = Factory<{
  props: FormPreviewViewProps;
  ref: HTMLElement;
  stylesNames: FormPreviewStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-FormPreview-frame` or use `classNames`.
const classes: Record<FormPreviewStylesNames, string> = {
  root: 'ccq-FormPreview-root',
  controls: 'ccq-FormPreview-controls',
  frame: 'ccq-FormPreview-frame',
};

// In CSS pixels, not rem: a phone's viewport does not grow with the page's font size.
const phoneWidth = `${FORM_PREVIEW_PHONE_WIDTH}px`;

/**
 * The chosen version rendered by the public renderer, as a visitor sees it. Its engine lives as long as the version
 * and the session, so answers typed in 'Fill in' show in 'View answers'; the answers stay in memory only.
 */
function PreviewForm({
  schema,
  name,
  mode,
  formLabels,
  widgets,
  onSubmitted,
}: {
  schema: FormSchema;
  name: string;
  mode: FormPreviewMode;
  formLabels?: Partial<FormLabels>;
  widgets?: FormRendererProps['widgets'];
  onSubmitted(): void;
}) {
  const engine = useFormEngine(schema, { labels: formLabels, widgets });
  return (
    <FormRenderer
      schema={schema}
      engine={engine}
      mode={mode}
      widgets={widgets}
      headingLevel={3}
      aria-label={name}
      // A preview saves nothing: a valid submit only says so.
      onSubmit={() => onSubmitted()}
      labels={formLabels}
    />
  );
}

/** Renders a {@link useFormPreview} controller. It renders only; it never fetches or saves. */
export const FormPreviewView = factory<FormPreviewViewFactory>((_props) => {
  const props = useProps('FormPreview', null, _props);
  const { controller: c, widgets, formLabels, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<FormPreviewViewFactory>({
    name: 'FormPreview',
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
  const headingId = useId();

  const body = () => {
    if (c.formsState.isLoading) return <LoadingState />;
    if (c.formsState.error)
      return <ErrorAlert message={labels.fpFormsFailed} error={c.formsState.error} onRetry={c.formsState.retry} />;
    if (c.forms.length === 0) return <EmptyState message={labels.fpNoForms} />;
    if (!c.form) return <Text>{labels.fpChooseForm}</Text>;
    if (c.schemasState.isLoading) return <LoadingState />;
    if (c.schemasState.error)
      return (
        <ErrorAlert
          message={fillLabel(labels.fpVersionsFailed, { name: c.form.name })}
          error={c.schemasState.error}
          onRetry={c.schemasState.retry}
        />
      );
    if (!c.schema) return <Text>{labels.fpNoVersions}</Text>;
    const phone = c.width === 'phone';
    const frame = getStyles('frame');
    const frameLabel = fillLabel(labels.fpFrame, {
      name: c.form.name,
      mode: c.mode === 'edit' ? labels.fpModeEdit : labels.fpModeView,
      width: phone ? labels.fpWidthPhone : labels.fpWidthDesktop,
    });
    return (
      <Stack gap="sm">
        {c.submitted && (
          <Alert color="green" role="status" withCloseButton onClose={() => c.setSubmitted(false)} closeButtonLabel={labels.close}>
            {labels.fpSubmitted}
          </Alert>
        )}
        <Paper
          component="section"
          aria-label={frameLabel}
          withBorder
          p={phone ? 'sm' : 'lg'}
          data-width={c.width}
          // The phone frame is exactly a phone's viewport wide, so the renderer lays out (and measures its rows) as
          // on a phone; the page scrolls sideways rather than squeezing it on a narrower screen.
          mx={phone ? 'auto' : undefined}
          className={frame.className}
          style={{ ...frame.style, ...(phone ? { width: phoneWidth, maxWidth: phoneWidth, minWidth: phoneWidth } : { width: '100%' }) }}
        >
          <Stack gap="md">
            <Box>
              <Title order={2} id={headingId}>
                {c.form.name}
              </Title>
              {c.form.description && <Text>{c.form.description}</Text>}
            </Box>
            <PreviewForm
              key={`${c.schema.formSchemaId}-${c.session}`}
              schema={c.schema}
              name={c.form.name}
              mode={c.mode}
              formLabels={formLabels}
              widgets={widgets}
              onSubmitted={() => c.setSubmitted(true)}
            />
          </Stack>
        </Paper>
      </Stack>
    );
  };

  const versionOptions = c.schemas.map((s) => ({
    value: s.formSchemaId,
    label: fillLabel(s.formSchemaId === c.form?.currentFormSchemaId ? labels.fpVersionCurrent : labels.fpVersionOption, {
      version: s.version,
    }),
  }));

  return (
    <LabelsProvider labels={labels}>
      <PageShell title={labels.fpTitle} subtitle={labels.fpSubtitle} {...getStyles('root')} {...others}>
        <Stack gap="lg">
          {c.forms.length > 0 && (
            <Group align="flex-end" gap="md" wrap="wrap" {...getStyles('controls')}>
              <Select
                label={labels.fpForm}
                placeholder={labels.fpFormPlaceholder}
                searchable
                data={c.forms.map((f) => ({ value: f.formId, label: f.name }))}
                value={c.selection.formId}
                onChange={(value) => c.selectForm(value)}
                w={260}
              />
              {c.schemas.length > 0 && (
                <Select
                  label={labels.fpVersion}
                  data={versionOptions}
                  value={c.selection.formSchemaId}
                  allowDeselect={false}
                  onChange={(value) => value && c.selectSchema(value)}
                  w={200}
                />
              )}
              <Stack gap={4}>
                {/* An input label, as the Select's beside it: a host's theme styles both alike. */}
                <Input.Label labelElement="div" id={`${headingId}-mode`}>
                  {labels.fpMode}
                </Input.Label>
                <SegmentedControl
                  aria-labelledby={`${headingId}-mode`}
                  value={c.mode}
                  onChange={(value) => c.setMode(value as FormPreviewMode)}
                  data={[
                    { value: 'edit', label: labels.fpModeEdit },
                    { value: 'view', label: labels.fpModeView },
                  ]}
                />
              </Stack>
              <Stack gap={4}>
                {/* An input label, as the Select's beside it: a host's theme styles both alike. */}
                <Input.Label labelElement="div" id={`${headingId}-width`}>
                  {labels.fpWidth}
                </Input.Label>
                <SegmentedControl
                  aria-labelledby={`${headingId}-width`}
                  value={c.width}
                  onChange={(value) => c.setWidth(value as FormPreviewWidth)}
                  data={[
                    { value: 'desktop', label: labels.fpWidthDesktop },
                    { value: 'phone', label: labels.fpWidthPhone },
                  ]}
                />
              </Stack>
              {c.schema && (
                <Button variant="default" onClick={c.reset}>
                  {labels.fpReset}
                </Button>
              )}
            </Group>
          )}
          {body()}
        </Stack>
      </PageShell>
    </LabelsProvider>
  );
});

FormPreviewView.displayName = '@ccq/forms-admin/FormPreviewView';

/** Props of {@link FormPreview}: the options of {@link useFormPreview} and the props of {@link FormPreviewView} but its controller. */
export interface FormPreviewProps extends FormPreviewOptions, Omit<FormPreviewViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormPreview}: its props, root element and part names, for the Styles API's typing. */
export type FormPreviewFactory = Factory<{
  props: FormPreviewProps;
  ref: HTMLElement;
  stylesNames: FormPreviewStylesNames;
}>;

/**
 * The form preview: choose a form and a version and see it exactly as the public will (the public renderer, with
 * the host's widgets), filled in or read-only, at the page's width or a phone's (390 px). Nothing is saved: the
 * answers stay in memory and a valid submit only says so — {@link useFormPreview} rendered by
 * {@link FormPreviewView}. Works on its own inside an `APIProvider`.
 */
export const FormPreview = factory<FormPreviewFactory>((_props) => {
  const props = useProps('FormPreview', null, _props);
  const { formId, formSchemaId, onSelectionChange, initialMode, initialWidth, labels, ...viewProps } = props;
  const controller = useFormPreview({ formId, formSchemaId, onSelectionChange, initialMode, initialWidth, labels });
  return <FormPreviewView controller={controller} {...viewProps} />;
});

FormPreview.displayName = '@ccq/forms-admin/FormPreview';

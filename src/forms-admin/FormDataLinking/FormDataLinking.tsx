import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type ComboboxItem,
  type ComboboxItemGroup,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { LinkSuggestion, LinkSuggestionReason, LinkTypeCheck } from '../../domain/forms/linking-suggest';
import { FormRenderer, type FormRendererProps } from '../../forms/FormRenderer';
import type { FormLabels } from '../../forms/labels';
import { fillLabel, type Labels } from '../../query/labels';
import { LabelsProvider } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { fillNumbers } from '../../labels/format';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { NothingFound } from '../../ui/NothingFound';
import { backButton } from '../shared/screen';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { useLeaveWarning } from '../../ui/useLeaveWarning';
import { PageShell } from '../../ui/PageShell';
import { useFormDataLinking, type FormDataLinkingController, type FormDataLinkingOptions, type LinkingRow } from './useFormDataLinking';

/** The inner parts of the linking screen that `classNames` / `styles` reach. */
export type FormDataLinkingStylesNames = 'root' | 'table' | 'suggestion' | 'mismatch' | 'unlinked' | 'preview';

/** Props of {@link FormDataLinkingView}. */
export interface FormDataLinkingViewProps extends BoxProps, StylesApiProps<FormDataLinkingViewFactory> {
  /** What {@link useFormDataLinking} returned. */
  controller: FormDataLinkingController;
  /** The host's widget kinds, as the host gives them to its public form: the preview shows what visitors see. */
  widgets?: FormRendererProps['widgets'];
  /** Overrides of the renderer's texts in the preview. */
  formLabels?: Partial<FormLabels>;
  /**
   * Called by 'Back to Forms', shown on the page and when the schema does not exist or cannot be loaded, so a cut or
   * mistyped link is not a dead end. No button without it.
   */
  onBack?: () => void;
  /**
   * Called by 'Back to the form' with the schema's form, shown in place of 'Back to Forms' once the schema has loaded:
   * the page is reached from a form's page (its 'Link fields to data') or from a PDF's import, which made the form.
   */
  onOpenForm?: (formId: string) => void;
  /**
   * Called when the screen gets or loses unsaved link changes, so the host's router can ask before leaving (its menu,
   * its links). The screen's own 'Back' buttons ask first themselves, and closing or reloading the page asks too.
   */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Mantine's factory type of {@link FormDataLinkingView}: its props, root element and part names, for the Styles API's typing. */
export type FormDataLinkingViewFactory = Factory<{
  props: FormDataLinkingViewProps;
  ref: HTMLElement;
  stylesNames: FormDataLinkingStylesNames;
}>;

const classes: Record<FormDataLinkingStylesNames, string> = {
  root: 'ccq-FormDataLinking-root',
  table: 'ccq-FormDataLinking-table',
  suggestion: 'ccq-FormDataLinking-suggestion',
  mismatch: 'ccq-FormDataLinking-mismatch',
  unlinked: 'ccq-FormDataLinking-unlinked',
  preview: 'ccq-FormDataLinking-preview',
};

/** A type as words: the field's or the data's. */
function typeWords(type: { type: string | null; format?: string }, labels: Labels): string {
  if (type.type === 'string') {
    if (type.format === 'date') return labels.dlTypeDate;
    if (type.format === 'date-time') return labels.dlTypeDateTime;
    if (type.format === 'time') return labels.dlTypeTime;
    if (type.format === 'email') return labels.dlTypeEmail;
    return labels.dlTypeText;
  }
  if (type.type === 'integer') return labels.dlTypeWholeNumber;
  if (type.type === 'number') return labels.dlTypeNumber;
  if (type.type === 'boolean') return labels.dlTypeYesNo;
  return labels.dlTypeUnknown;
}

/**
 * A badge whose words wrap inside a narrow cell: a type ('an email address') or a match's confidence ('Weak match: check
 * it before linking') is words to read, which Mantine's one-line badge cut to 'WEAK MATCH: CHECK IT BE…' at 390 px.
 */
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'anywhere' },
} as const;

/** Why a path is suggested, in words. */
export function suggestionReasonText(reason: LinkSuggestionReason, labels: Labels): string {
  switch (reason.kind) {
    case 'same-name':
      return fillLabel(reason.withGroup ? labels.dlReasonSameNameGroup : labels.dlReasonSameName, { name: reason.name });
    case 'shared-words':
      return fillLabel(labels.dlReasonSharedWords, { words: reason.words.join(', ') });
    case 'similar-spelling':
      return fillLabel(labels.dlReasonSimilarSpelling, { fieldWord: reason.fieldWord, pathWord: reason.pathWord });
  }
}

/** A type mismatch, in words. */
function mismatchText(row: LinkingRow, check: Extract<LinkTypeCheck, { fits: false }>, labels: Labels): string {
  const values = { fieldType: typeWords(row.fieldType, labels), pathType: typeWords(row.pathType ?? { type: null }, labels) };
  if (check.problem === 'decimal') return labels.dlMismatchDecimal;
  if (check.problem === 'not-a-value') return labels.dlMismatchNotValue;
  if (check.problem === 'format') return fillLabel(labels.dlMismatchFormat, values);
  return fillLabel(labels.dlMismatch, values);
}

function exampleText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Renders a {@link useFormDataLinking} controller. It renders only; the controller reads and saves. */
export const FormDataLinkingView = factory<FormDataLinkingViewFactory>((_props) => {
  const props = useProps('FormDataLinking', null, _props);
  const locale = useLocale();
  const { controller: c, widgets, formLabels, onBack, onOpenForm, onDirtyChange, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<FormDataLinkingViewFactory>({
    name: 'FormDataLinking',
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

  const options = (suggestions: readonly LinkSuggestion[]): ComboboxItemGroup<ComboboxItem>[] => {
    const suggested = new Set(suggestions.map((s) => s.path));
    const groups: ComboboxItemGroup<ComboboxItem>[] = [];
    if (suggested.size > 0) groups.push({ group: labels.dlSuggestions, items: suggestions.map((s) => ({ value: s.path, label: s.path })) });
    groups.push({ group: labels.dlAllPaths, items: c.paths.filter((p) => !suggested.has(p.path)).map((p) => ({ value: p.path, label: p.path })) });
    return groups;
  };

  const row = (r: LinkingRow) => {
    const name = r.field.label || r.field.path;
    const top = r.suggestions[0];
    const example = exampleText(r.exampleValue);
    const mismatch = r.check && !r.check.fits ? r.check : null;
    const mismatchId = `${id}-${r.field.id}-mismatch`;
    return (
      <Table.Tr key={r.field.id} data-linked={r.linkedPath !== null || undefined} data-mismatch={mismatch ? true : undefined}>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {r.field.path}
          </Text>
          {r.field.pdfFieldName && r.field.pdfFieldName !== r.field.path && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {r.field.pdfFieldName}
            </Text>
          )}
          <Badge variant="default" size="sm" mt={4} styles={WRAPPING_BADGE}>
            {typeWords(r.fieldType, labels)}
          </Badge>
        </Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <Stack gap={6}>
            <Select
              aria-label={fillLabel(labels.dlPickerLabel, { name })}
              placeholder={labels.dlPathPlaceholder}
              searchable
              clearable
              nothingFoundMessage={<NothingFound>{labels.dlPathSearch}</NothingFound>}
              data={options(r.suggestions)}
              value={r.linkedPath}
              onChange={(value) => c.link(r.field.id, value)}
              disabled={!c.canEdit}
              error={mismatch ? true : undefined}
              // The typed text keeps the page's text colour: the error's red is too light to read on white.
              styles={mismatch ? { input: { color: 'var(--mantine-color-text)' } } : undefined}
              aria-describedby={mismatch ? mismatchId : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            {r.linkedPath !== null && c.canEdit && (
              <Group gap="xs">
                {/* The picker's own clear button is mouse-only (hidden from the keyboard): this one is not. */}
                <Button size="compact-sm" variant="subtle" color="dark" onClick={() => c.link(r.field.id, null)} aria-label={fillLabel(labels.dlUnlink, { name })}>
                  {labels.dlUnlinkButton}
                </Button>
              </Group>
            )}
            {mismatch && (
              <Text
                id={mismatchId}
                size="sm"
                role="note"
                {...getStyles('mismatch')}
                // Dark red on the light page, light red on the dark one: 4.5:1 and more in both.
                style={{ color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))', ...getStyles('mismatch').style }}
              >
                {mismatchText(r, mismatch, labels)}
              </Text>
            )}
            {example !== null && <Text size="sm">{fillLabel(labels.dlExample, { value: example })}</Text>}
            {r.linkedPath === null && top && (
              // The suggestion's words keep a readable width: in a narrow cell the button goes under them rather than
              // squeezing them to a letter or two a line.
              <Group gap="xs" align="center" {...getStyles('suggestion')}>
                <Box style={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {fillLabel(labels.dlSuggestion, { path: top.path })}
                  </Text>
                  <Text size="xs">{suggestionReasonText(top.reason, labels)}</Text>
                  <Badge variant={top.confidence === 'strong' ? 'dot' : 'outline'} color={top.confidence === 'strong' ? 'green' : 'gray.8'} size="sm" mt={2} styles={WRAPPING_BADGE}>
                    {top.confidence === 'strong' ? labels.dlConfidenceStrong : labels.dlConfidenceWeak}
                  </Badge>
                </Box>
                {c.canEdit && (
                  // The light variant of the theme's primary colour (no `color`), without a shade: with a shade Mantine fills
                  // the button with that shade and writes its text in the same colour, so the words cannot be seen.
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => c.link(r.field.id, top.path)}
                    aria-label={fillLabel(labels.dlAcceptSuggestion, { path: top.path })}
                    style={{ flexShrink: 0 }}
                  >
                    {labels.dlAcceptSuggestionButton}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  };

  // Leaving with links changed but not saved asks first: through the page's 'Back', and on closing or reloading it.
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  const leave = (go: () => void) => () => (c.dirty ? setLeaving(() => go) : go());
  useLeaveWarning(c.dirty);
  useEffect(() => onDirtyChange?.(c.dirty), [c.dirty, onDirtyChange]);
  const schemaForm = c.schema?.formId;
  const back =
    schemaForm && onOpenForm
      ? backButton(leave(() => onOpenForm(schemaForm)), labels.dlBackToForm)
      : backButton(onBack && leave(onBack), labels.dlBack);
  const body = () => {
    if (c.isLoading) return <LoadingState />;
    if (c.error) return <ErrorAlert message={labels.dlLoadFailed} error={c.error} onRetry={c.retry} />;
    if (c.notFound || !c.schema) return <EmptyState message={labels.dlNotFound} />;
    if (c.rows.length === 0) return <EmptyState message={labels.dlNoFields} />;
    const linkedCount = c.rows.length - c.unlinked.length;
    return (
      <Stack gap="md">
        {c.inUse ? <Alert color="gray">{labels.dlInUse}</Alert> : !c.canEdit && <Alert color="gray">{labels.dlReadOnly}</Alert>}
        {c.paths.length === 0 && <Alert color="yellow">{labels.dlNoPaths}</Alert>}
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="sm">
            <Text fw={600} role="status">
              {fillNumbers(labels.dlLinkedCount, { linked: linkedCount, total: c.rows.length }, locale)}
            </Text>
            {c.mismatched.length > 0 && (
              <Badge color="red.9" variant="filled">
                {fillNumbers(labels.dlMismatchCount, { count: c.mismatched.length }, locale)}
              </Badge>
            )}
          </Group>
          {c.canEdit && (
            <Group gap="sm">
              {c.acceptableCount > 0 && (
                <Button variant="default" onClick={c.acceptAllSuggestions}>
                  {fillNumbers(labels.dlAcceptAll, { count: c.acceptableCount }, locale)}
                </Button>
              )}
              <Button variant="default" onClick={c.reset} disabled={!c.dirty || c.saving}>
                {labels.dlReset}
              </Button>
              <Button onClick={c.save} disabled={!c.dirty} loading={c.saving}>
                {labels.dlSave}
              </Button>
            </Group>
          )}
        </Group>
        {c.saveError && (
          <Alert color="red" role="alert">
            {c.saveError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="sm" {...getStyles('table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="40%">{labels.dlField}</Table.Th>
                    <Table.Th>{labels.dlPath}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{c.rows.map(row)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <Paper withBorder p="md" component="section" aria-labelledby={`${id}-unlinked`} {...getStyles('unlinked')}>
                <Title order={2} size="h4" id={`${id}-unlinked`}>
                  {fillNumbers(labels.dlUnmapped, { count: c.unlinked.length }, locale)}
                </Title>
                {c.unlinked.length === 0 ? (
                  <Text size="sm">{labels.dlUnmappedNone}</Text>
                ) : (
                  <>
                    <Text size="sm" mb="xs">
                      {labels.dlUnmappedHint}
                    </Text>
                    <Box component="ul" m={0} pl="lg">
                      {c.unlinked.map((r) => (
                        <li key={r.field.id}>
                          <Text size="sm">{r.field.label || r.field.path}</Text>
                        </li>
                      ))}
                    </Box>
                  </>
                )}
              </Paper>
              {c.preview && (
                <Paper withBorder p="md" component="section" aria-labelledby={`${id}-preview`} {...getStyles('preview')}>
                  <Title order={2} size="h4" id={`${id}-preview`}>
                    {labels.dlPreview}
                  </Title>
                  <Text size="sm" mb="sm">
                    {labels.dlPreviewCaption}
                  </Text>
                  {c.preview.problems.length > 0 && (
                    <Alert color="yellow" mb="sm" title={labels.dlPreviewProblems} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
                      <Box component="ul" m={0} pl="lg">
                        {c.preview.problems.map((problem) => (
                          <li key={problem.path}>
                            <Text size="sm">
                              {fillLabel(labels.dlPreviewProblem, {
                                field: c.rows.find((r) => r.field.path === problem.path)?.field.label ?? problem.path,
                                source: problem.source,
                                message: problem.message,
                              })}
                            </Text>
                          </li>
                        ))}
                      </Box>
                    </Alert>
                  )}
                  <FormRenderer
                    // A new engine for each set of links: the preview shows what an instance created now would hold.
                    key={JSON.stringify(c.preview.data)}
                    schema={c.preview.schema}
                    mode="view"
                    initialData={c.preview.data}
                    widgets={widgets}
                    labels={formLabels}
                    headingLevel={3}
                    hideSubmit
                    aria-label={labels.dlPreview}
                  />
                </Paper>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    );
  };

  return (
    <LabelsProvider labels={labels}>
      <PageShell title={labels.dlTitle} subtitle={labels.dlSubtitle} actions={back} {...getStyles('root')} {...others}>
        {c.schema && (
          <Text fw={600} mb="sm">
            {fillLabel(labels.dlSchemaOf, { name: c.schema.name, version: c.schema.version })}
          </Text>
        )}
        {body()}
        <ConfirmModal
          opened={leaving !== null}
          title={labels.dlLeaveTitle}
          message={labels.dlLeaveMessage}
          labels={{ confirm: labels.dlLeave, cancel: labels.dlKeepEditing }}
          onCancel={() => setLeaving(null)}
          onConfirm={() => {
            const go = leaving;
            setLeaving(null);
            go?.();
          }}
        />
      </PageShell>
    </LabelsProvider>
  );
});

FormDataLinkingView.displayName = '@ccq/forms-admin/FormDataLinkingView';

/** Props of {@link FormDataLinking}: the options of {@link useFormDataLinking} and the props of {@link FormDataLinkingView} but its controller. */
export interface FormDataLinkingProps extends FormDataLinkingOptions, Omit<FormDataLinkingViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormDataLinking}: its props, root element and part names, for the Styles API's typing. */
export type FormDataLinkingFactory = Factory<{
  props: FormDataLinkingProps;
  ref: HTMLElement;
  stylesNames: FormDataLinkingStylesNames;
}>;

/**
 * Linking a form's fields to the application's data (`DynamicFormLinking/GetAllPrimitivePaths`): a searchable picker
 * per field, suggestions by name with the reason shown, type mismatches flagged, the fields left unlinked, and a
 * preview of the form as an instance created from the example application would show it. The links are saved on the
 * schema's fields (`linkedPath`). {@link useFormDataLinking} rendered by {@link FormDataLinkingView}.
 */
export const FormDataLinking = factory<FormDataLinkingFactory>((_props) => {
  const props = useProps('FormDataLinking', null, _props);
  const { formSchemaId, onSaved, labels, ...viewProps } = props;
  const controller = useFormDataLinking({ formSchemaId, onSaved, labels });
  return <FormDataLinkingView controller={controller} {...viewProps} />;
});

FormDataLinking.displayName = '@ccq/forms-admin/FormDataLinking';

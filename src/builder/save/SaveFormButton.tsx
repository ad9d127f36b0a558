import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Select, Stack, Switch, Text, TextInput, Textarea, UnstyledButton, type ButtonProps } from '@mantine/core';
import { formNameIssue } from '../../domain/forms';
import { READABLE_NAME_INPUT } from '../../forms-admin/shared/useNameCheck';
import { allSections, layoutFieldEntries, repeatBasePath, type DraftProblem, type FormDraft } from '../../engine';
import { fillCount, formatList } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { WIDGET_KINDS, type WidgetKindRegistry } from '../../engine/widget-kinds';
import { fieldShownName, localizeWidgetKinds } from '../widget-names';
import { useSaveFormDraft, type SaveFormDraftController, type SaveFormDraftOptions } from './useSaveFormDraft';

/** What a problem selects in the builder: a field, a section or a page, by id (the builder's selection). */
export interface DraftProblemTarget {
  type: 'field' | 'section' | 'page';
  id: string;
}

/** The builder item a problem concerns (its field, else its section, else its page), or null for the whole form. */
export function targetOfProblem(problem: DraftProblem): DraftProblemTarget | null {
  if (problem.fieldId) return { type: 'field', id: problem.fieldId };
  if (problem.sectionId) return { type: 'section', id: problem.sectionId };
  if (problem.pageId) return { type: 'page', id: problem.pageId };
  return null;
}

/** A title or label as a problem names it: its id when it is empty, spaces only or not text (a malformed draft). */
const shownName = (text: unknown, id: string): string => (typeof text === 'string' && text.trim() !== '' ? text : id);

/**
 * The name a person knows a problem's item by: the field's label (its kind's name and data path when it has none),
 * the section's or page's title, else its id. Sections inside sections, and their fields, are found at any depth.
 * `kinds`: the builder's widget kinds in the texts' language.
 */
function nameOfTarget(draft: FormDraft, target: DraftProblemTarget, labels: Labels, kinds: WidgetKindRegistry): string {
  if (target.type === 'page') {
    const page = (Array.isArray(draft.layout.pages) ? draft.layout.pages : []).find((p) => p?.id === target.id);
    return page ? shownName(page.title, page.id) : target.id;
  }
  if (target.type === 'section') {
    const section = allSections(draft.layout).find((s) => s.id === target.id);
    return section ? shownName(section.title, section.id) : target.id;
  }
  const entry = Array.from(layoutFieldEntries(draft.layout)).find((e) => e.field.id === target.id);
  if (!entry) return target.id;
  const field = entry.field;
  // A field without a label is named by its kind, as the canvas names it, and its data path (two such fields of one
  // kind would have the same name); a field of no known shape by its id.
  if (typeof field.widget !== 'string') return shownName(field.label, field.id);
  const base = repeatBasePath(entry);
  const path = typeof field.path !== 'string' ? field.id : base === '' ? field.path : `${base}/*${field.path}`;
  return fieldShownName(field, kinds, labels, path);
}

/** Props of {@link DraftProblemList}. */
export interface DraftProblemListProps {
  problems: readonly DraftProblem[];
  draft: FormDraft;
  labels: Labels;
  /** The widget kinds of the builder (a host's too), which name a field without a label; the built-in ones if left out. */
  widgets?: WidgetKindRegistry;
  /** Called with the item a problem concerns when the user chooses it. */
  onSelect?: (target: DraftProblemTarget, problem: DraftProblem) => void;
  /** The first problem's 'Go to' takes the focus when the list opens in a dialog (Enter goes to the first problem). */
  autoFocusFirst?: boolean;
}

/** The problems of a draft, each with a button that goes to its field (or section, or page). */
export function DraftProblemList({ problems, draft, labels, widgets, onSelect, autoFocusFirst = false }: DraftProblemListProps) {
  // Named once for the list (the builder's own kinds are named already; naming them again keeps them as they are).
  const kinds = useMemo(() => localizeWidgetKinds(widgets ?? WIDGET_KINDS, labels), [widgets, labels]);
  return (
    <List spacing="xs" size="sm" aria-label={labels.builderSaveProblemsTitle}>
      {problems.map((problem, index) => {
        const target = targetOfProblem(problem);
        const name = target ? nameOfTarget(draft, target, labels, kinds) : labels.builderSaveProblemWholeForm;
        return (
          <List.Item key={`${index}:${problem.message}`}>
            <Text size="sm" span>
              {problem.message}{' '}
            </Text>
            {target && onSelect ? (
              <UnstyledButton
                onClick={() => onSelect(target, problem)}
                data-autofocus={autoFocusFirst && index === 0 ? true : undefined}
                fz="sm"
                fw={600}
                td="underline"
                // The page's text colour: the anchor blue is under 4.5:1 on the red tint of a refusal.
                c="var(--mantine-color-text)"
              >
                {fillLabel(labels.builderSaveProblemGoTo, { target: name })}
              </UnstyledButton>
            ) : (
              <Text size="sm" span fw={600}>
                ({name})
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}

/** Props of {@link SaveFormDialog}. */
export interface SaveFormDialogProps {
  controller: SaveFormDraftController;
  /** The draft shown in problem names. */
  draft: FormDraft;
  /** The widget kinds of the builder, which name a field without a label in the problems; the built-in ones if left out. */
  widgets?: WidgetKindRegistry;
  /** Called when the user chooses a problem's 'Go to'; the dialog closes without giving the focus back to Save. */
  onSelectProblem?: (target: DraftProblemTarget, problem: DraftProblem) => void;
}

function VersionStatement({ controller }: { controller: SaveFormDraftController }) {
  const { target, labels } = controller;
  const locale = useLocale();
  if (target.isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{labels.builderSaveLoading}</Text>
      </Group>
    );
  }
  if (!target.schema) return <Text size="sm">{labels.builderSaveNoVersion}</Text>;
  const version = target.schema.version;
  const removed = formatList(
    target.removedFields.map((f) => f.field.label || f.key),
    locale,
  );
  if (target.countFailed) return <Text size="sm">{labels.builderSaveCountFailed}</Text>;
  const count = target.instanceCount ?? 0;
  if (count === 0) return <Text size="sm">{fillLabel(labels.builderSaveUnused, { version })}</Text>;
  return (
    <Alert variant="light" title={null}>
      <Stack gap="xs">
        <Text size="sm">
          {fillCount(labels.builderSaveUsedMany, labels.builderSaveUsedOne, count, locale, { version: String(version), next: String(target.nextVersion) })}
        </Text>
        {removed !== '' && <Text size="sm">{fillLabel(labels.builderSaveRemovedFields, { fields: removed })}</Text>}
      </Stack>
    </Alert>
  );
}

/** The dialog of a save: the draft's problems, or what the save does and what it needs, then Save. */
export function SaveFormDialog({ controller, draft, widgets, onSelectProblem }: SaveFormDialogProps) {
  const { labels, problems, failure } = controller;
  const nameBox = useRef<HTMLInputElement>(null);
  const formBox = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  // A version's dialog has nothing to fill in: it opens on Save (data-autofocus), so Ctrl+S then Enter saves. While the
  // version's use is read, Save waits disabled and the dialog opens on Close; once read, the focus moves to Save unless
  // the person has already gone into the form.
  // Whether the dialog is a new form's, as read while it is open and kept while it closes: a new form's first save makes
  // it an existing form's at the moment the dialog starts to fade, which would turn its title and fields into a
  // version's for the length of the fade.
  const [isNew, setIsNew] = useState(controller.isNew);
  if (controller.opened && isNew !== controller.isNew) setIsNew(controller.isNew);
  const versionRead = controller.opened && !isNew && !controller.target.isLoading;
  useEffect(() => {
    if (!versionRead) return;
    const active = document.activeElement;
    if (!formBox.current?.contains(active)) saveButton.current?.focus();
  }, [versionRead]);
  // 'Go to' hands the focus to the host (the builder puts it in the item's properties): the dialog does not give it back
  // to Save as it closes. Any other close does, and so does the next opening's.
  const [handedOver, setHandedOver] = useState(false);
  if (controller.opened && handedOver) setHandedOver(false);
  const select = (target: DraftProblemTarget, problem: DraftProblem) => {
    setHandedOver(true);
    controller.close();
    onSelectProblem?.(target, problem);
  };
  const title =
    problems.length > 0
      ? labels.builderSaveProblemsTitle
      : isNew
        ? labels.builderSaveDialogNew
        : fillLabel(labels.builderSaveDialogExisting, { name: controller.target.form?.name ?? '' });
  return (
    <Modal opened={controller.opened} onClose={controller.close} returnFocus={!handedOver} title={title} centered size="lg" closeButtonProps={{ 'aria-label': labels.close }}>
      {problems.length > 0 ? (
        <Stack gap="sm">
          <Text size="sm">{labels.builderSaveProblemsIntro}</Text>
          {/* The dialog opens on the first problem's 'Go to' (else on Close): without a box to fill in, nothing in it took
              the focus, and Tab went on through the builder behind it. */}
          <DraftProblemList problems={problems} draft={draft} labels={labels} widgets={widgets} onSelect={onSelectProblem ? select : undefined} autoFocusFirst />
          <Group justify="flex-end">
            <Button variant="default" onClick={controller.close} data-autofocus={onSelectProblem ? undefined : true}>
              {labels.close}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          ref={formBox}
          onSubmit={(event) => {
            event.preventDefault();
            // Refused for the name (missing or too long): the focus goes to the box that says so.
            if (isNew && formNameIssue(controller.details.name) !== null) nameBox.current?.focus();
            void controller.save();
          }}
        >
          <Stack gap="sm">
            {controller.noFields && (
              // A warning, not a refusal: the form may be saved before its fields (docs/design/builder.md).
              <Alert color="yellow" variant="light" title={null}>
                <Text size="sm">{labels.builderSaveNoFields}</Text>
              </Alert>
            )}
            {isNew ? (
              <>
                <TextInput
                  ref={nameBox}
                  label={labels.builderSaveName}
                  withAsterisk
                  aria-required
                  value={controller.details.name}
                  onChange={(event) => controller.setDetails({ name: event.currentTarget.value })}
                  error={controller.nameProblem}
                  styles={READABLE_NAME_INPUT}
                  data-autofocus
                />
                <Textarea
                  label={labels.builderSaveDescription}
                  autosize
                  minRows={2}
                  value={controller.details.description}
                  onChange={(event) => controller.setDetails({ description: event.currentTarget.value })}
                />
                <Select
                  label={labels.builderSaveGroup}
                  placeholder={labels.builderSaveNoGroup}
                  data={[...controller.groups]}
                  value={controller.details.formGroupId}
                  onChange={(value) => controller.setDetails({ formGroupId: value })}
                  clearable
                  searchable
                />
              </>
            ) : (
              <VersionStatement controller={controller} />
            )}
            <Switch
              label={labels.builderSaveMakePublic}
              description={labels.builderSavePublicExplained}
              // In the text colour at the body size: Mantine's dimmed description is under 4.5:1.
              styles={{ description: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-sm)' } }}
              checked={controller.isPublic}
              onChange={(event) => controller.setPublic(event.currentTarget.checked)}
            />
            {failure && (
              <Alert color="red" title={failure.title} role="alert">
                <Stack gap="xs">
                  {failure.problems.length > 0 ? (
                    <DraftProblemList problems={failure.problems} draft={draft} labels={labels} widgets={widgets} onSelect={onSelectProblem ? select : undefined} />
                  ) : (
                    <Text size="sm">{failure.message}</Text>
                  )}
                  {failure.note && <Text size="sm">{failure.note}</Text>}
                </Stack>
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={controller.close} disabled={controller.saving}>
                {labels.builderSaveCancel}
              </Button>
              <Button
                ref={saveButton}
                type="submit"
                loading={controller.saving}
                disabled={!isNew && controller.target.isLoading}
                data-autofocus={isNew ? undefined : true}
              >
                {labels.builderSaveConfirm}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Props of {@link SaveFormButton}. */
export interface SaveFormButtonProps extends SaveFormDraftOptions {
  /**
   * Called when the user chooses a problem: select its field, section or page in the builder. The dialog closes
   * first and does not give the focus back to Save: the host moves it to what was selected (the builder to the first
   * box of its properties that says it is wrong).
   */
  onSelectProblem?: (target: DraftProblemTarget, problem: DraftProblem) => void;
  /** Props of the button (size, variant…). */
  buttonProps?: ButtonProps;
  /**
   * Filled with what the button does, to start a save from a keyboard shortcut (the builder's Ctrl+S, ⌘S on a Mac):
   * null while the user may not save, a save is running or the dialog is open.
   */
  startRef?: { current: (() => void) | null };
}

/**
 * The builder's Save button and its dialog. Shown only with CreateForm (a new form) or EditForm (an existing one);
 * the server refuses saves without their permissions anyway. Router-free: a host learns of the save through
 * `onSaved` (a new form's id, a new version's id).
 */
export function SaveFormButton({ onSelectProblem, buttonProps, startRef, ...options }: SaveFormButtonProps) {
  const controller = useSaveFormDraft(options);
  const startable = controller.canSave && !controller.saving && !controller.opened && !buttonProps?.disabled;
  useEffect(() => {
    if (!startRef) return;
    startRef.current = startable ? controller.start : null;
    return () => {
      startRef.current = null;
    };
  });
  if (!controller.canSave) return null;
  return (
    <>
      <Button {...buttonProps} onClick={controller.start} loading={controller.saving} aria-keyshortcuts="Control+S Meta+S">
        {controller.labels.builderSave}
      </Button>
      <SaveFormDialog controller={controller} draft={controller.openedDraft} widgets={options.widgets} onSelectProblem={onSelectProblem} />
    </>
  );
}
SaveFormButton.displayName = '@ccq/forms-admin/SaveFormButton';

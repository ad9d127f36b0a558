import { Box, Button, Fieldset, Group, Input, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { CompiledSection } from '../engine/compile';
import { fillMessage } from '../engine/messages';
import { WRAPPING_BUTTON_STYLES } from './button-styles';
import { sectionDomId, sectionHeadingOrder, useArrayState, useFormContext } from './context';
import { Field } from './Field';
import { SECTION_FULL, SECTION_UNMOUNTED, useSectionStage } from './progressive';
import { LITE_VARIABLES } from './widgets/LiteField';

// Long forms skip layout and paint of off-screen sections (find-in-page, autofill and focus still reach them), and
// carry the variables of their light fields once.
const PROGRESSIVE_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px', ...LITE_VARIABLES } as const;

/**
 * A section of a page: a plain group of fields, or a repeatable one. The sections inside it are drawn inside it,
 * after its own fields (those of a repeatable section inside each of its items).
 */
export const Section = memo(function Section({ cs }: { cs: CompiledSection }) {
  return cs.repeat ? <RepeatableSection cs={cs} /> : <PlainSection cs={cs} />;
});

/**
 * A section inside another one sits in a frame of its own: indented behind a line in the border colour, so its
 * fields read as part of it. `data-depth` (1 for a page's own sections) lets a host style each level.
 */
const NESTED_FRAME_STYLE = {
  borderInlineStart: '2px solid var(--mantine-color-default-border)',
  paddingInlineStart: 'var(--mantine-spacing-md)',
} as const;

function SectionHeading({ id, cs }: { id: string; cs: CompiledSection }) {
  const { sectionHeadingLevel } = useFormContext();
  return (
    <>
      {cs.section.title ? (
        <Title order={sectionHeadingOrder(cs, sectionHeadingLevel)} fz={cs.depth > 1 ? 'md' : 'lg'} id={`${id}-title`}>
          {cs.section.title}
        </Title>
      ) : null}
      {cs.section.description ? (
        <Text size="sm" c="var(--mantine-color-dimmed)">
          {cs.section.description}
        </Text>
      ) : null}
    </>
  );
}

// A plain section is drawn with Mantine's classes rather than its components: a hundred sections of a long form
// then cost a hundred elements, and the tree stays the same when its fields turn from light to full widgets (so a
// focused light field keeps its element).
const STACK_CLASS = (Stack.classes as Record<string, string>).root;
const TITLE_CLASS = (Title.classes as Record<string, string>).root;
const TEXT_CLASS = (Text.classes as Record<string, string>).root;
const STACK_VARS = { '--stack-gap': 'var(--mantine-spacing-sm)' } as React.CSSProperties;
const TITLE_VARS = {
  '--title-fz': 'var(--mantine-font-size-lg)',
  '--title-fw': 'var(--mantine-h3-font-weight)',
  '--title-lh': 'var(--mantine-h3-line-height)',
} as React.CSSProperties;
const DESCRIPTION_STYLE = { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dimmed)', margin: 0 };

const NESTED_TITLE_VARS = { ...TITLE_VARS, '--title-fz': 'var(--mantine-font-size-md)' } as React.CSSProperties;

function PlainSection({ cs }: { cs: CompiledSection }) {
  const { idPrefix, mode, progressive, sectionIndex, sectionHeadingLevel } = useFormContext();
  const Heading = `h${sectionHeadingOrder(cs, sectionHeadingLevel)}` as const;
  const id = sectionDomId(idPrefix, cs.section.id);
  const index = sectionIndex.get(cs) ?? 0;
  const watched = mode === 'edit' ? progressive : null;
  const stage = useSectionStage(watched, index);
  const root = useRef<HTMLElement>(null);
  useEffect(() => (watched && root.current ? watched.observe(root.current, index) : undefined), [watched, index]);
  return (
    <section
      ref={root}
      id={id}
      aria-labelledby={cs.section.title ? `${id}-title` : undefined}
      data-depth={cs.depth}
      style={sectionStyle(cs, watched !== null)}
    >
      <div className={STACK_CLASS} style={STACK_VARS}>
        {cs.section.title ? (
          <Heading className={TITLE_CLASS} id={`${id}-title`} style={cs.depth > 1 ? NESTED_TITLE_VARS : TITLE_VARS}>
            {cs.section.title}
          </Heading>
        ) : null}
        {cs.section.description ? (
          <p className={TEXT_CLASS} style={DESCRIPTION_STYLE}>
            {cs.section.description}
          </p>
        ) : null}
        {stage === SECTION_UNMOUNTED
          ? null
          : cs.fields.map((cf) => <Field key={cf.field.id} cf={cf} itemBase="" itemIndex={null} lite={stage !== SECTION_FULL} />)}
        {/* Each section inside is a unit of progressive mounting of its own, mounted as it comes near the viewport. */}
        {cs.children.map((child) => (
          <Section key={child.section.id} cs={child} />
        ))}
      </div>
    </section>
  );
}

const NESTED_PROGRESSIVE_STYLE = { ...PROGRESSIVE_STYLE, ...NESTED_FRAME_STYLE } as const;

function sectionStyle(cs: CompiledSection, progressive: boolean): React.CSSProperties | undefined {
  if (cs.depth > 1) return progressive ? NESTED_PROGRESSIVE_STYLE : NESTED_FRAME_STYLE;
  return progressive ? PROGRESSIVE_STYLE : undefined;
}

/**
 * A plain section inside a repeatable one, drawn in one item: its title and fields for that item (their paths
 * relative to it), then the sections inside it. The item's controls belong to the repeatable section.
 */
function ItemSection({ cs, itemBase, index }: { cs: CompiledSection; itemBase: string; index: number }) {
  const { idPrefix, sectionHeadingLevel } = useFormContext();
  const Heading = `h${sectionHeadingOrder(cs, sectionHeadingLevel)}` as const;
  const id = `${sectionDomId(idPrefix, cs.section.id)}-${index}`;
  return (
    // A group, not a region: every item has one, under the same name (landmarks' names must differ).
    <div role="group" id={id} aria-labelledby={cs.section.title ? `${id}-title` : undefined} data-depth={cs.depth} style={NESTED_FRAME_STYLE}>
      <div className={STACK_CLASS} style={STACK_VARS}>
        {cs.section.title ? (
          <Heading className={TITLE_CLASS} id={`${id}-title`} style={NESTED_TITLE_VARS}>
            {cs.section.title}
          </Heading>
        ) : null}
        {cs.section.description ? (
          <p className={TEXT_CLASS} style={DESCRIPTION_STYLE}>
            {cs.section.description}
          </p>
        ) : null}
        {cs.fields.map((cf) => (
          <Field key={cf.field.id} cf={cf} itemBase={itemBase} itemIndex={index} />
        ))}
        {cs.children.map((child) => (
          <ItemSection key={child.section.id} cs={child} itemBase={itemBase} index={index} />
        ))}
      </div>
    </div>
  );
}

type FocusRequest = { itemKey: string; target: 'first' | 'up' | 'down' } | { itemKey: null; target: 'add' };

/** The item removed last, kept so that 'Undo' can put it back where it was. */
interface RemovedItem {
  item: unknown;
  index: number;
  title: string;
}

function RepeatableSection({ cs }: { cs: CompiledSection }) {
  const { engine, mode, labels, idPrefix, disabled } = useFormContext();
  const repeat = cs.repeat!;
  const state = useArrayState(engine, repeat.path);
  const id = sectionDomId(idPrefix, cs.section.id);
  const focus = useRef<FocusRequest | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const edit = mode === 'edit';
  // Removing an item is one click and loses what it held: the last one removed can be brought back.
  const [removed, setRemoved] = useState<RemovedItem | null>(null);

  const remove = useCallback(
    (index: number) => {
      const item = structuredClone(engine.getValue(`${repeat.path}/${index}`));
      focus.current = { itemKey: null, target: 'add' };
      engine.removeItem(repeat.path, index);
      setRemoved({ item, index, title: fillMessage(labels.itemTitle, { title: cs.section.title, number: index + 1 }) });
    },
    [engine, repeat.path, labels.itemTitle, cs.section.title],
  );

  const undo = () => {
    if (!removed) return;
    engine.addItem(repeat.path, removed.item ?? {});
    const last = engine.getArrayState(repeat.path).length - 1;
    const index = Math.min(removed.index, last);
    if (index < last) engine.moveItem(repeat.path, last, index);
    focus.current = { itemKey: engine.getArrayState(repeat.path).keys[index] ?? '', target: 'first' };
    setRemoved(null);
  };

  useEffect(() => {
    if (focus.current?.target === 'add') {
      focus.current = null;
      addButton.current?.focus();
    }
  });

  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={cs.section.title ? `${id}-title` : undefined}
      data-depth={cs.depth}
      style={cs.depth > 1 ? NESTED_FRAME_STYLE : undefined}
    >
      <Stack gap="sm">
        <SectionHeading id={id} cs={cs} />
        {state.keys.map((itemKey, index) => (
          <RepeatItem
            key={itemKey}
            cs={cs}
            itemKey={itemKey}
            index={index}
            last={index === state.length - 1}
            canRemove={state.canRemove}
            focus={focus}
            onRemove={remove}
          />
        ))}
        {!edit && state.length === 0 ? <Text c="var(--mantine-color-dimmed)">{labels.noItems}</Text> : null}
        {state.error ? <Input.Error id={`${id}-error`}>{state.error}</Input.Error> : null}
        {edit ? (
          // A live region from the start, so the removal is announced with its 'Undo'.
          <div role="status">
            {removed ? (
              <Group gap="xs">
                <Text size="sm">{fillMessage(labels.itemRemoved, { title: removed.title })}</Text>
                <Button size="xs" variant="default" disabled={disabled || !state.canAdd} onClick={undo}>
                  {labels.undoRemove}
                </Button>
              </Group>
            ) : null}
          </div>
        ) : null}
        {edit ? (
          <Group>
            <Button
              ref={addButton}
              id={`${id}-add`}
              styles={WRAPPING_BUTTON_STYLES}
              variant="light"
              disabled={disabled || !state.canAdd}
              aria-describedby={state.error ? `${id}-error` : undefined}
              onClick={() => {
                setRemoved(null);
                engine.addItem(repeat.path, {});
                const keys = engine.getArrayState(repeat.path).keys;
                focus.current = { itemKey: keys[keys.length - 1] ?? '', target: 'first' };
              }}
            >
              {repeat.addLabel ?? labels.addItem}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Box>
  );
}

const RepeatItem = memo(function RepeatItem({
  cs,
  itemKey,
  index,
  last,
  canRemove,
  focus,
  onRemove,
}: {
  cs: CompiledSection;
  itemKey: string;
  index: number;
  last: boolean;
  canRemove: boolean;
  focus: React.RefObject<FocusRequest | null>;
  onRemove: (index: number) => void;
}) {
  const { engine, mode, labels, disabled } = useFormContext();
  const repeat = cs.repeat!;
  const root = useRef<HTMLFieldSetElement>(null);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const itemBase = `${repeat.path}/${index}`;
  const title = fillMessage(labels.itemTitle, { title: cs.section.title, number: index + 1 });

  useEffect(() => {
    // Focus follows the item the user acted on (a new item's first field; a moved item's button).
    const request = focus.current;
    if (!request || request.itemKey !== itemKey) return;
    focus.current = null;
    if (request.target === 'first') root.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    else {
      const preferred = request.target === 'up' ? up.current : down.current;
      const other = request.target === 'up' ? down.current : up.current;
      (preferred && !preferred.disabled ? preferred : other)?.focus();
    }
  });

  return (
    <Fieldset ref={root} legend={title} variant="default">
      <Stack gap="sm">
        {cs.fields.map((cf) => (
          <Field key={cf.field.id} cf={cf} itemBase={itemBase} itemIndex={index} />
        ))}
        {cs.children.map((child) => (
          <ItemSection key={child.section.id} cs={child} itemBase={itemBase} index={index} />
        ))}
        {mode === 'edit' ? (
          <Group gap="xs">
            <Button
              ref={up}
              size="xs"
              variant="default"
              disabled={disabled || index === 0}
              onClick={() => {
                focus.current = { itemKey, target: 'up' };
                engine.moveItem(repeat.path, index, index - 1);
              }}
            >
              {labels.moveUp}
            </Button>
            <Button
              ref={down}
              size="xs"
              variant="default"
              disabled={disabled || last}
              onClick={() => {
                focus.current = { itemKey, target: 'down' };
                engine.moveItem(repeat.path, index, index + 1);
              }}
            >
              {labels.moveDown}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={disabled || !canRemove}
              onClick={() => onRemove(index)}
            >
              {labels.removeItem}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
});

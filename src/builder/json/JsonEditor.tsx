/**
 * The CodeMirror 6 editor of the JSON view: JSON language, line numbers, undo history, and a linter that shows each
 * problem of {@link checkJsonViewText} at its line. Loaded lazily by `JsonView`, so the builder's own chunk does not
 * carry CodeMirror.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { Alert, List, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CheckFormDraftOptions, FormDraft } from '../../engine/draft-check';
import { fillCount } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { ERROR_CONTRAST, ERROR_TEXT } from '../properties/contrast';
import { checkJsonViewText, draftText, type JsonViewProblem } from './validate-json';

/** Props of the lazily loaded editor (see `JsonViewProps`). */
export interface JsonEditorProps {
  value: FormDraft;
  onChange: (draft: FormDraft) => void;
  labels: Labels;
  checkOptions?: CheckFormDraftOptions;
  readOnly?: boolean;
  height?: number | string;
}

// Light: CodeMirror's own colours (dark enough on white). Dark: the same styles with each colour swapped for a light
// tint that keeps 4.5:1 on Mantine's dark body.
const DARK_TINTS: Readonly<Record<string, string>> = {
  '#404740': '#c8ccc8',
  '#708': '#d7a6ff',
  '#219': '#8fb4ff',
  '#164': '#8fe0a8',
  '#a11': '#ff9b9b',
  '#e40': '#ffab70',
  '#00f': '#9cb8ff',
  '#30a': '#b9a6ff',
  '#085': '#6fe0b0',
  '#167': '#7fd6e6',
  '#256': '#8fc6e6',
  '#00c': '#9cb0ff',
  '#940': '#f0c070',
  '#f00': '#ff8a8a',
};
const darkHighlight = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => (typeof spec.color === 'string' ? { ...spec, color: DARK_TINTS[spec.color] ?? '#d4d4d4' } : spec)),
);

function themeFor(dark: boolean, height: number | string) {
  return [
    EditorView.theme(
      {
        '&': {
          height: typeof height === 'number' ? `${height}px` : height,
          backgroundColor: 'var(--mantine-color-body)',
          color: 'var(--mantine-color-text)',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          fontSize: 'var(--mantine-font-size-sm)',
        },
        '&.cm-focused': { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: '1px' },
        '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)' },
        '.cm-gutters': { backgroundColor: 'var(--mantine-color-default)', color: 'var(--mantine-color-text)', borderRight: '1px solid var(--mantine-color-default-border)' },
        '.cm-activeLine': { backgroundColor: dark ? 'rgba(255, 255, 255, 0.06)' : 'rgba(0, 0, 0, 0.04)' },
        '.cm-activeLineGutter': { backgroundColor: dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(0, 0, 0, 0.08)' },
        '.cm-cursor': { borderLeftColor: 'var(--mantine-color-text)' },
        '.cm-tooltip': { backgroundColor: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' },
      },
      { dark },
    ),
    syntaxHighlighting(dark ? darkHighlight : defaultHighlightStyle),
  ];
}

function toDiagnostics(problems: readonly JsonViewProblem[], length: number): Diagnostic[] {
  return problems.map((p) => ({ from: Math.min(p.from, length), to: Math.min(p.to, length), severity: 'error', message: p.message }));
}

/** The CodeMirror editor of `{ jsonSchema, layout }`: only a valid text is handed to `onChange`. */
export default function JsonEditor({ value, onChange, labels, checkOptions, readOnly = false, height = 480 }: JsonEditorProps) {
  const locale = useLocale();
  const host = useRef<HTMLDivElement | null>(null);
  const view = useRef<EditorView | null>(null);
  const themeCompartment = useMemo(() => new Compartment(), []);
  const dark = useComputedColorScheme('light') === 'dark';
  // The draft last handed out (or taken in): a new `value` prop equal to it is our own edit coming back.
  const last = useRef<string>(draftText(value));
  const [problems, setProblems] = useState<JsonViewProblem[]>([]);
  const latest = useRef({ onChange, checkOptions });
  latest.current = { onChange, checkOptions };

  useEffect(() => {
    if (!host.current) return;
    const check = (text: string) => checkJsonViewText(text, latest.current.checkOptions);
    const state = EditorState.create({
      doc: last.current,
      extensions: [
        lineNumbers(),
        foldGutter(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        bracketMatching(),
        json(),
        lintGutter(),
        linter((v) => toDiagnostics(check(v.state.doc.toString()).problems, v.state.doc.length), { delay: 300 }),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorState.readOnly.of(readOnly),
        // Focusable even when read-only, so the text can be scrolled and read with the keyboard.
        EditorView.contentAttributes.of({ 'aria-label': labels.bjEditorLabel, tabindex: '0' }),
        themeCompartment.of(themeFor(dark, height)),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const text = update.state.doc.toString();
          const result = check(text);
          setProblems(result.problems);
          if (result.draft) {
            last.current = draftText(result.draft);
            latest.current.onChange(result.draft);
          }
        }),
      ],
    });
    const created = new EditorView({ state, parent: host.current });
    view.current = created;
    setProblems(check(last.current).problems);
    return () => {
      created.destroy();
      view.current = null;
    };
    // The editor is built once; value, theme and options reach it through the effects below and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: themeCompartment.reconfigure(themeFor(dark, height)) });
  }, [dark, height, themeCompartment]);

  // A change made elsewhere (the canvas, undo) replaces the text, unless it is the edit this editor just made.
  useEffect(() => {
    const text = draftText(value);
    const current = view.current;
    if (!current || text === last.current) return;
    last.current = text;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: text } });
  }, [value]);

  return (
    <Stack gap="xs" style={ERROR_CONTRAST}>
      <div ref={host} />
      {problems.length === 0 ? (
        <Text size="sm" role="status">
          {labels.bjValid}
        </Text>
      ) : (
        <Alert color={ERROR_TEXT} variant="outline" title={fillCount(labels.bjInvalid, labels.bjInvalidOne, problems.length, locale)} role="alert">
          <List size="sm" spacing={2}>
            {problems.slice(0, 20).map((p, i) => (
              <List.Item key={`${i}:${p.message}`}>
                {fillLabel(labels.bjLine, { line: p.line, message: p.kind === 'syntax' ? fillLabel(labels.bjSyntax, { message: p.message }) : p.kind === 'shape' ? labels.bjShape : p.message })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

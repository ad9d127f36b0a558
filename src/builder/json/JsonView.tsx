import { Loader, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CheckFormDraftOptions, FormDraft } from '../../engine/draft-check';
import type { Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';

/** Props of {@link JsonView}. */
export interface JsonViewProps {
  /** The draft shown: the JSON Schema of the data and the layout. */
  value: FormDraft;
  /** Called with the edited draft, only when the text is valid JSON of the right shape that passes the draft check. */
  onChange: (draft: FormDraft) => void;
  /** Options of the draft check (the widget kinds a host registers, a pattern check). */
  checkOptions?: CheckFormDraftOptions;
  /** Shows the JSON without letting it be changed. */
  readOnly?: boolean;
  /** Height of the editor (default 480 px). */
  height?: number | string;
  /** Texts overriding the defaults. */
  labels?: Partial<Labels>;
}

// CodeMirror is loaded only when the view is first shown: the builder's chunk does not carry it.
const JsonEditor = lazy(() => import('./JsonEditor'));

/**
 * The JSON view of a form draft, editable: a CodeMirror 6 editor of `{ jsonSchema, layout }` that checks the text as
 * it is typed (JSON syntax, then the draft check of a save) and shows each problem at its line; a valid edit is
 * handed to `onChange`, so the canvas follows. Follows the colour scheme (light or dark).
 */
export function JsonView({ labels: overrides, ...props }: JsonViewProps) {
  const labels = useLabels(overrides);
  return (
    <section aria-label={labels.bjTitle}>
      <Suspense
        fallback={
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{labels.bjLoading}</Text>
          </Group>
        }
      >
        <JsonEditor {...props} labels={labels} />
      </Suspense>
    </section>
  );
}

import { Image, Text } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import type { CompiledField } from '../../engine/compile';
import type { FormLabels } from '../labels';
import { answerOffset, dateTimeInputValue, isDrawnSignature, optionLabel, timeInputValue } from './values';

/** What a widget's view-mode component gets: the field, the DOM id of the answer, its label and its value. */
export interface ViewWidgetProps {
  cf: CompiledField;
  id: string;
  label: string;
  value: unknown;
  labels: FormLabels;
}

/** An answer as text, for view mode; called only for an answered field. */
export type ViewText = (cf: CompiledField, value: unknown, labels: FormLabels) => string;

/** Whether a field is unanswered (nothing, an empty text or an empty list). */
export function isUnanswered(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Any answer as text: yes / no for a boolean, JSON for an object, else the value itself. */
export const plainText: ViewText = (_cf, value, labels) => {
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** `checkbox` and `switch`: yes or no. */
export const booleanText: ViewText = (_cf, value, labels) => (value === true ? labels.yes : labels.no);

/** `select`, `radio` and `segmented`: the chosen option's label. */
export const choiceText: ViewText = (cf, value) => optionLabel(cf, value);

/** `multiselect` and `checkboxes`: the chosen options' labels, comma separated. */
export const listText: ViewText = (cf, value) => (Array.isArray(value) ? value : [value]).map((v) => optionLabel(cf, v)).join(', ');

/** An answer with the offset it was given, said so ('14:30 (UTC-05:00)'); as it is when it carries none. */
function inItsZone(text: string, value: unknown, labels: FormLabels): string {
  const offset = answerOffset(value);
  return offset === null || text === '' ? text : labels.answerInZone.replace('{value}', text).replace('{offset}', offset);
}

/** `time`: the time of day as typed, with the offset it was given. */
export const timeText: ViewText = (_cf, value, labels) => inItsZone(timeInputValue(value), value, labels);

/**
 * `datetime`: date and time, a space between, in the zone it was given and said so (a reader elsewhere sees the time
 * the person gave, with its offset, not the same instant in the reader's zone without one).
 */
export const dateTimeText: ViewText = (_cf, value, labels) =>
  inItsZone(typeof value === 'string' && answerOffset(value) !== null ? `${value.slice(0, 10)} ${value.slice(11, 16)}` : dateTimeInputValue(value).replace('T', ' '), value, labels);

const TEXT_CLASS = (Text.classes as Record<string, string>).root;
const LABEL_STYLE = { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, margin: 0 };
const VALUE_STYLE = { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
const EMPTY_STYLE = { ...VALUE_STYLE, color: 'var(--mantine-color-dimmed)' } as const;
const SIGNED_STYLE = { ...VALUE_STYLE, fontSize: 24, fontFamily: "'Brush Script MT', 'Segoe Script', cursive" } as const;

/**
 * A field in view mode: its label, then `children` (the answer). Plain elements with Mantine's text class: a thousand
 * answers stay cheap to show. A host's view component wraps its answer in it to look like the others.
 */
export function ViewAnswer({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div id={id} role="group" aria-labelledby={`${id}-label`}>
      <p className={TEXT_CLASS} id={`${id}-label`} style={LABEL_STYLE}>
        {label}
      </p>
      {children}
    </div>
  );
}

ViewAnswer.displayName = '@ccq/forms-admin/ViewAnswer';

/** The "Not answered" line of view mode. */
function NotAnswered({ labels }: { labels: FormLabels }) {
  return (
    <p className={TEXT_CLASS} style={EMPTY_STYLE}>
      {labels.notAnswered}
    </p>
  );
}

/** A view component that shows the answer as text, worded by `text`. */
export function textView(text: ViewText = plainText): ComponentType<ViewWidgetProps> {
  return function TextView({ cf, id, label, value, labels }: ViewWidgetProps) {
    return (
      <ViewAnswer id={id} label={label}>
        {isUnanswered(value) ? (
          <NotAnswered labels={labels} />
        ) : (
          <p className={TEXT_CLASS} style={VALUE_STYLE}>
            {text(cf, value, labels)}
          </p>
        )}
      </ViewAnswer>
    );
  };
}

/** `signature` in view mode: a drawn signature as an image, a typed one in a handwriting font. */
export function SignatureView({ id, label, value, labels }: ViewWidgetProps) {
  return (
    <ViewAnswer id={id} label={label}>
      {isDrawnSignature(value) ? (
        <Image src={value} alt={labels.signatureImageAlt} maw={320} bg="white" radius="sm" />
      ) : isUnanswered(value) ? (
        <NotAnswered labels={labels} />
      ) : (
        <p className={TEXT_CLASS} style={SIGNED_STYLE}>
          {String(value)}
        </p>
      )}
    </ViewAnswer>
  );
}

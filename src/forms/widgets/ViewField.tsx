import { Image, Text } from '@mantine/core';
import type { CompiledField } from '../../engine/compile';
import type { FormLabels } from '../labels';
import { choiceOptions, dateTimeInputValue, isDrawnSignature, optionValueOf, timeInputValue } from './values';

/** The answer of a field as text, for view mode. */
export function displayText(cf: CompiledField, value: unknown, labels: FormLabels): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return labels.notAnswered;
  switch (cf.field.widget) {
    case 'checkbox':
    case 'switch':
      return value === true ? labels.yes : labels.no;
    case 'select':
    case 'radio':
    case 'segmented': {
      const option = choiceOptions(cf).find((o) => o.value === optionValueOf(value));
      return option ? option.label : String(value);
    }
    case 'multiselect':
    case 'checkboxes': {
      const options = choiceOptions(cf);
      const list = Array.isArray(value) ? value : [value];
      return list.map((v) => options.find((o) => o.value === optionValueOf(v))?.label ?? String(v)).join(', ');
    }
    case 'time':
      return timeInputValue(value);
    case 'datetime':
      return dateTimeInputValue(value).replace('T', ' ');
    default:
      if (typeof value === 'boolean') return value ? labels.yes : labels.no;
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

const TEXT_CLASS = (Text.classes as Record<string, string>).root;
const LABEL_STYLE = { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, margin: 0 };
const VALUE_STYLE = { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
const EMPTY_STYLE = { ...VALUE_STYLE, color: 'var(--mantine-color-dimmed)' } as const;
const SIGNED_STYLE = { ...VALUE_STYLE, fontSize: 24, fontFamily: "'Brush Script MT', 'Segoe Script', cursive" } as const;

/**
 * A field in view mode: its label and its answer, as text (a drawn signature as an image). Plain elements with
 * Mantine's text class: a thousand answers stay cheap to show.
 */
export function ViewField({ cf, id, label, value, labels }: { cf: CompiledField; id: string; label: string; value: unknown; labels: FormLabels }) {
  const drawn = cf.field.widget === 'signature' && isDrawnSignature(value);
  const text = displayText(cf, value, labels);
  const empty = text === labels.notAnswered && !drawn;
  return (
    <div id={id} role="group" aria-labelledby={`${id}-label`}>
      <p className={TEXT_CLASS} id={`${id}-label`} style={LABEL_STYLE}>
        {label}
      </p>
      {drawn ? (
        <Image src={value} alt={labels.signatureImageAlt} maw={320} bg="white" radius="sm" />
      ) : (
        <p className={TEXT_CLASS} style={empty ? EMPTY_STYLE : cf.field.widget === 'signature' ? SIGNED_STYLE : VALUE_STYLE}>
          {text}
        </p>
      )}
    </div>
  );
}

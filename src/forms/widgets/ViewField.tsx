import { Box, Image, Text } from '@mantine/core';
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

/** A field in view mode: its label and its answer, as text (a drawn signature as an image). */
export function ViewField({ cf, id, label, value, labels }: { cf: CompiledField; id: string; label: string; value: unknown; labels: FormLabels }) {
  const drawn = cf.field.widget === 'signature' && isDrawnSignature(value);
  const empty = displayText(cf, value, labels) === labels.notAnswered && !drawn;
  return (
    <Box id={id} role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} size="sm" fw={500}>
        {label}
      </Text>
      {drawn ? (
        <Image src={value} alt={labels.signatureImageAlt} maw={320} bg="white" radius="sm" />
      ) : (
        <Text
          c={empty ? 'dimmed' : undefined}
          fz={cf.field.widget === 'signature' && !empty ? 24 : undefined}
          ff={cf.field.widget === 'signature' && !empty ? "'Brush Script MT', 'Segoe Script', cursive" : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {displayText(cf, value, labels)}
        </Text>
      )}
    </Box>
  );
}

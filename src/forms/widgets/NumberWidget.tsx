import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { WidgetProps } from './types';
import { numberFromText } from './values';

/**
 * A number as a Mantine TextInput of type `number`: the schema's minimum, maximum and step become the input's
 * `min`, `max` and `step` (arrow keys step through them), and it never clamps — a number out of range gets a message.
 * (Mantine's NumberInput would add a formatting library for little a form needs.)
 */
export function NumberWidget({ integer, ...props }: WidgetProps & { integer: boolean }) {
  const { cf, id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur } = props;
  const { info } = cf;
  const isInteger = integer || info.type === 'integer';
  const value = typeof state.value === 'number' || typeof state.value === 'string' ? String(state.value) : '';
  return (
    <TextInput
      id={id}
      name={id}
      type="number"
      inputMode={isInteger ? 'numeric' : 'decimal'}
      label={label}
      description={description}
      placeholder={placeholder}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(numberFromText(event.currentTarget.value))}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled}
      readOnly={readOnly}
      min={info.minimum ?? info.exclusiveMinimum}
      max={info.maximum ?? info.exclusiveMaximum}
      step={info.multipleOf ?? (isInteger ? 1 : 'any')}
    />
  );
}

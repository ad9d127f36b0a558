import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { WidgetProps } from './types';
import { numberFromText, numberInputRef, numberText } from './values';

/**
 * A number as a Mantine TextInput of type `text` with a numeric keyboard (`inputmode`), holding exactly what was typed:
 * a browser's `type="number"` silently reads "1,65" as 165 (Chromium drops the comma as a thousands separator), so the
 * text is read by {@link numberFromText} and anything that is not a plain number is kept and refused with a message.
 * It never clamps either: a number out of range gets a message. (Mantine's NumberInput would add a formatting library
 * for little a form needs.)
 */
export function NumberWidget({ integer, ...props }: WidgetProps & { integer: boolean }) {
  const { cf, id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur } = props;
  const { info } = cf;
  const isInteger = integer || info.type === 'integer';
  return (
    <TextInput
      ref={numberInputRef(state.value)}
      id={id}
      name={id}
      type="text"
      inputMode={isInteger ? 'numeric' : 'decimal'}
      autoComplete="off"
      label={label}
      description={description}
      placeholder={placeholder}
      defaultValue={numberText(state.value)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(numberFromText(event.currentTarget.value))}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled}
      readOnly={readOnly}
    />
  );
}

import { NumberInput } from '@mantine/core';
import type { WidgetProps } from './types';
import { numberFromText } from './values';

/** Mantine NumberInput with the schema's min, max and step; never clamps (a wrong number gets a message instead). */
export function NumberWidget({ integer, ...props }: WidgetProps & { integer: boolean }) {
  const { cf, id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur } = props;
  const { info } = cf;
  const isInteger = integer || info.type === 'integer';
  const value = typeof state.value === 'number' || typeof state.value === 'string' ? state.value : '';
  return (
    <NumberInput
      id={id}
      name={id}
      label={label}
      description={description}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange(numberFromText(next))}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled}
      readOnly={readOnly}
      min={info.minimum ?? info.exclusiveMinimum}
      max={info.maximum ?? info.exclusiveMaximum}
      step={info.multipleOf ?? 1}
      allowDecimal={!isInteger}
      clampBehavior="none"
    />
  );
}

import { Checkbox, Switch } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { requiredMark } from './LiteField';
import type { WidgetProps } from './types';

/** Mantine Checkbox or Switch for a yes/no answer. */
export function BooleanWidget({ asSwitch, ...props }: WidgetProps & { asSwitch: boolean }) {
  const { id, label, description, state, disabled, readOnly, onChange, onBlur } = props;
  const Control = asSwitch ? Switch : Checkbox;
  return (
    <Control
      id={id}
      name={id}
      // Mantine's Checkbox and Switch mark no required label: the asterisk other required fields show.
      label={
        <>
          {label}
          {requiredMark(state.required)}
        </>
      }
      description={description}
      checked={state.value === true}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        if (!readOnly) onChange(event.currentTarget.checked);
      }}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled}
      readOnly={readOnly}
      aria-invalid={state.error ? true : undefined}
    />
  );
}
